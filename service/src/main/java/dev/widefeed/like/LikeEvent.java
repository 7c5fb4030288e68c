package dev.widefeed.like;

import dev.widefeed.kernel.DomainEvent;
import java.time.Instant;

/**
 * A like or unlike, as {@link LikeService} announces it: recorded before the change is tried, published only once
 * it really changed (a repeated like or unlike publishes nothing).
 */
public sealed interface LikeEvent extends DomainEvent {
    long postId();

    long userId();

    record Liked(long postId, long userId, Instant at) implements LikeEvent {}

    record Unliked(long postId, long userId) implements LikeEvent {}
}
