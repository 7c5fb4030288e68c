package dev.widefeed.feed;

import java.time.Instant;

/**
 * What the read path and the fan-out know about one user's home timeline: when the user last read
 * it (the activity fan-out tiers are decided by), the post id above which the inbox is known to be
 * complete (everything older is served by pulling from the followees' own lists), when the
 * inbox was last trimmed, and when the last read was last copied onto the user's follow edges
 * (where fan-out reads it: {@code RelationStore#shareActivity}).
 */
public record HomeState(Instant lastRead, long completeAbove, Instant trimmedAt, Instant activitySharedAt) {
    public HomeState {
        if (lastRead == null || trimmedAt == null || activitySharedAt == null || completeAbove < 0) {
            throw new IllegalArgumentException("bad home state");
        }
    }
}
