package dev.widefeed.feed.timeline;

import java.time.Instant;

/**
 * What the read path and the fan-out know about one user's home timeline: when the user last read
 * it (the activity fan-out tiers are decided by), the post id above which the inbox is known to be
 * complete (everything older is served by pulling from the followees' own lists), when the
 * inbox was last trimmed, when the last read was last copied onto the user's follow edges
 * (where fan-out reads it: {@code RelationStore#shareActivity}), and the post id below which none of
 * the user's followees has a post ({@code historyFrom}, 0 when not known), so a short inbox is not
 * pulled again at every read to learn that nothing is there. Only a follow can make it lower: new
 * posts are newer, and an unfollow takes history away. {@code reads}: the user's home reads, counted
 * when the last read is written (at most every touch interval), as a decayed count: the read rate a
 * per-edge push-or-pull decision weighs.
 */
public record HomeState(
        Instant lastRead,
        long completeAbove,
        Instant trimmedAt,
        Instant activitySharedAt,
        long historyFrom,
        DecayedRate reads) {
    public HomeState {
        if (lastRead == null
                || trimmedAt == null
                || activitySharedAt == null
                || completeAbove < 0
                || historyFrom < 0
                || reads == null) {
            throw new IllegalArgumentException("bad home state");
        }
    }

    /** A state that knows nothing of the reads. */
    public HomeState(
            Instant lastRead, long completeAbove, Instant trimmedAt, Instant activitySharedAt, long historyFrom) {
        this(lastRead, completeAbove, trimmedAt, activitySharedAt, historyFrom, DecayedRate.NONE);
    }

    /** A state that knows nothing of the followees' history or the reads. */
    public HomeState(Instant lastRead, long completeAbove, Instant trimmedAt, Instant activitySharedAt) {
        this(lastRead, completeAbove, trimmedAt, activitySharedAt, 0);
    }

    /** This state with {@code historyFrom} replaced. */
    public HomeState withHistoryFrom(long from) {
        return new HomeState(lastRead, completeAbove, trimmedAt, activitySharedAt, from, reads);
    }
}
