package dev.widefeed.graph;

import dev.widefeed.kernel.DomainEvent;

/** A follow edge that really changed, as {@link FollowService} announces it once its truth row is written. */
public sealed interface FollowEvent extends DomainEvent {
    long followerId();

    long followeeId();

    record Followed(long followerId, long followeeId) implements FollowEvent {
    }

    record Unfollowed(long followerId, long followeeId) implements FollowEvent {
    }
}
