package dev.widefeed.notification;

import java.time.Instant;

/**
 * What one source (a like, a follow, a comment, ...) adds to one group while it stands: one to its count, and its
 * actor among the newest.
 */
public record Contribution(GroupKey group, long actorId, Instant at) {}
