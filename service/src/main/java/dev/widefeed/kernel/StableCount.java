package dev.widefeed.kernel;

import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Corrects a counter to the number of rows it counts, but only when nothing changed it while the
 * rows were being counted: the counter is read before and after the count, and a difference means
 * a live write raced the count (it may be in the rows and not yet in the counter, or the reverse),
 * so the correction is skipped for the next run rather than applied wrongly.
 */
public final class StableCount {
    /** What a correction attempt did. */
    public record Outcome(long delta, boolean raced) {
    }

    private StableCount() {
    }

    public static Outcome correct(LongSupplier counter, LongSupplier rows, LongConsumer add) {
        long before = counter.getAsLong();
        long counted = rows.getAsLong();
        long after = counter.getAsLong();
        if (before != after) {
            return new Outcome(0, true);
        }
        long delta = counted - before;
        if (delta != 0) {
            add.accept(delta);
        }
        return new Outcome(delta, false);
    }
}
