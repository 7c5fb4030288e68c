package dev.widefeed.graph;

import dev.widefeed.kernel.DomainEvent;
import java.time.Instant;

/**
 * A change of a follow edge, as {@link FollowService} announces it: recorded before the change is tried, published
 * once its truth row really changed.
 */
public sealed interface FollowEvent extends DomainEvent {
    long followerId();

    long followeeId();

    /** @param at when the follow began, if this request's change is what makes it (the edge's since) */
    record Followed(long followerId, long followeeId, Instant at) implements FollowEvent {}

    record Unfollowed(long followerId, long followeeId) implements FollowEvent {}
}
