package dev.widefeed.core;

import java.time.Instant;

/**
 * What the read path and the fan-out know about one user's home timeline: when the user last read
 * it (the activity fan-out tiers are decided by), the post id above which the inbox is known to be
 * complete (everything older is served by pulling from the followees' own lists), and when the
 * inbox was last trimmed.
 */
public record HomeState(Instant lastRead, long completeAbove, Instant trimmedAt) {
    public HomeState {
        if (lastRead == null || trimmedAt == null || completeAbove < 0) {
            throw new IllegalArgumentException("bad home state");
        }
    }
}
