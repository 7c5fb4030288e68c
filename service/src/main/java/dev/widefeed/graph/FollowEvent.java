package dev.widefeed.graph;

import dev.widefeed.kernel.DomainEvent;

/**
 * A change of a follow edge, as {@link FollowService} announces it: recorded before the change is tried, published
 * once its truth row really changed.
 */
public sealed interface FollowEvent extends DomainEvent {
    long followerId();

    long followeeId();

    record Followed(long followerId, long followeeId) implements FollowEvent {}

    record Unfollowed(long followerId, long followeeId) implements FollowEvent {}
}
