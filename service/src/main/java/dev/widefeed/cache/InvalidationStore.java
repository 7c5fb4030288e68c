package dev.widefeed.cache;

import java.time.Instant;
import java.util.List;

/**
 * The invalidations every instance reads (docs/design.md, "The cache tier"): kept in time slots of
 * {@link #SLOT_SECONDS}, so a poll reads the one or two slots its window covers, and expiring by themselves after an
 * hour (nothing reads them later than a few seconds after they were written).
 */
public interface InvalidationStore {
    int SLOT_SECONDS = 10;

    /** Records one; idempotent (the same invalidation twice is one row). */
    void append(Invalidation invalidation);

    /** Every invalidation announced at or after {@code from} and before {@code to}, in no particular order. */
    List<Invalidation> between(Instant from, Instant to);

    static long slotOf(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), SLOT_SECONDS);
    }
}
