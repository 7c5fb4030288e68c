package dev.widefeed.audience;

/**
 * An owner (a user or a group) and a member: the key of "what did this owner put on that user"
 * and "is that user in this group", which visibility checks ask for many at once.
 */
public record Link(long ownerId, long memberId) {}
