package dev.widefeed.feed.home;

import dev.widefeed.kernel.IdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The arithmetic of the home timeline's boundary (docs/design.md, Home timeline and fan-out): above
 * it the inbox holds every entry, at and below it history is pulled from the followees' own lists.
 * Post ids grow with time ({@link IdGenerator}), so a boundary is a post id.
 */
final class HomeBoundary {
    /** An entry pushed when its post was new expires entryTtl later; an hour is left for slow deliveries. */
    private static final Duration SLOW_DELIVERY = Duration.ofHours(1);

    private HomeBoundary() {}

    /** Where a read pulls from: the stored boundary, or the oldest an unexpired entry can be, whichever is higher. */
    static long floor(long completeAbove, Instant now, Duration entryTtl) {
        return Math.max(completeAbove, IdGenerator.lowestAt(now.minus(entryTtl).plus(SLOW_DELIVERY)));
    }

    /**
     * The boundary after a rebuild that read up to {@code each} newest ids of every author. Below the
     * oldest id of an author that returned a full list, that author may have more; past {@code each}
     * ids of the merged list, the inbox keeps nothing; nothing older than the entry ttl is kept at all.
     *
     * @param merged every author's ids, newest first
     */
    static long afterRebuild(
            Collection<List<Long>> byAuthor, List<Long> merged, int each, Instant now, Duration entryTtl) {
        long complete = IdGenerator.lowestAt(now.minus(entryTtl));
        for (List<Long> ids : byAuthor) {
            if (ids.size() >= each) {
                complete = Math.max(complete, ids.get(ids.size() - 1));
            }
        }
        if (merged.size() > each) {
            complete = Math.max(complete, merged.get(each));
        }
        return complete;
    }

    /**
     * What a follow's backfill of a followee's newest ids (newest first) makes complete: a full
     * backfill only above its oldest id, a short one (the followee has no more) everything.
     */
    static long afterBackfill(List<Long> ids, int backfill) {
        if (ids.size() < backfill) {
            return 0;
        }
        return ids.isEmpty() ? Long.MAX_VALUE : ids.get(ids.size() - 1) - 1;
    }

    /** Whether a page below {@code before} starts in the inbox (above the floor) rather than in the pull. */
    static boolean startsInInbox(Optional<Long> before, long floor) {
        return before.isEmpty() || before.get() > floor + 1;
    }

    /** The id the pull of a page reads below: the cursor, but never above the floor. */
    static long pullBelow(Optional<Long> before, long floor) {
        return before.map(b -> Math.min(b, floor + 1)).orElse(floor + 1);
    }
}
