package dev.widefeed.notification;

/**
 * One thing that notifies, named as the event log names it: a like ({@code like}, post, user), a follow
 * ({@code follow}, followee, follower), a comment or reply ({@code comment}, comment, author), a vote on a comment
 * ({@code vote}, comment, voter), a post or repost ({@code post}, post, author). Its {@link SourceMark} says what it
 * has put into groups.
 */
public record NotificationSource(String family, long subjectId, long actorId) {}
