package dev.widefeed.account;

import java.time.Instant;
import java.util.Optional;

/** Where an account's erasure stands: asked for at {@code requestedAt}, done at {@code finishedAt} once done. */
public record ErasureState(long userId, Instant requestedAt, Optional<Instant> finishedAt) {
    public boolean done() {
        return finishedAt.isPresent();
    }
}
