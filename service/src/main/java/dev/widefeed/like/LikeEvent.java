package dev.widefeed.like;

import dev.widefeed.kernel.DomainEvent;

import java.time.Instant;

/** A like that really changed (a repeated like or unlike announces nothing), as {@link LikeService} announces it. */
public sealed interface LikeEvent extends DomainEvent {
    long postId();

    long userId();

    record Liked(long postId, long userId, Instant at) implements LikeEvent {
    }

    record Unliked(long postId, long userId) implements LikeEvent {
    }
}
