package dev.widefeed.kernel;

import java.time.Duration;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Corrects a counter to the number of rows it counts, but only when nothing changed it while the
 * rows were being counted: the counter is read before and after the count, and a difference means
 * a live write raced the count (it may be in the rows and not yet in the counter, or the reverse),
 * so the correction is skipped for the next run rather than applied wrongly. A count that differs is read once more
 * after {@link #LANDING}: a change whose row was counted but whose update was still on its way (coalesced,
 * {@link CoalescedCounts}) has landed by then, or broke the settle bound and marked its counter for another recount.
 */
public final class StableCount {
    /** Longer than a counter update takes to land after its row changed: the coalescing interval and the settle bound. */
    static final Duration LANDING = Duration.ofMillis(150);

    /** What a correction attempt did. */
    public record Outcome(long delta, boolean raced) {}

    private StableCount() {}

    public static Outcome correct(LongSupplier counter, LongSupplier rows, LongConsumer add) {
        long before = counter.getAsLong();
        long counted = rows.getAsLong();
        long after = counter.getAsLong();
        if (before != after) {
            return new Outcome(0, true);
        }
        long delta = counted - before;
        if (delta != 0) {
            try {
                Thread.sleep(LANDING.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Outcome(0, true);
            }
            if (counter.getAsLong() != before) {
                return new Outcome(0, true);
            }
            add.accept(delta);
        }
        return new Outcome(delta, false);
    }
}
