package dev.widefeed.kernel;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Corrects a counter that may be moving while it is recounted, where each counted row says when it
 * last changed (docs/design.md, "Counters that heal"). The counter is read (a known point), then the
 * rows; if a change came near that read, the counter is read a few more times and the rows again.
 * For a read that no change came near, the counter's true value at that read is known from the
 * rows: a row that last changed well before the read counts as it is now (its counter update had
 * landed); a row that changed after the read counts as it was before (its update had not). The
 * difference is applied. A row changed within {@code settle} of a read may count either way at
 * that read (its update may or may not have landed), so each read allows a range; reads taken at
 * different moments narrow it, and when they leave a single value it is applied; else nothing is
 * applied and the counter is reported as moving.
 *
 * <p>This holds under two rules of the paths that change the rows, each of which marks the counter
 * dirty instead of breaking it: a change whose counter update lands later than {@code settle}
 * after its time marks it (so every unmarked update lands within {@code settle}), and a change
 * that follows the row's previous change closely marks it (so a row that changed after the read
 * changed once, and was as it is not now). A recount misled by a change that broke a rule is
 * followed by the recount that change's mark asks for.
 */
public final class KnownPointCount {
    /** A counted row: whether it counts now, and when it last changed. */
    public record Row(boolean on, Instant changedAt) {}

    /**
     * @param settle  the longest a change's counter update lands after the change's time, unless the
     *                change marks its counter dirty
     * @param skew    how far apart the clocks that stamp changes and this one may be
     * @param reflip  a change this soon after its row's previous change marks its counter dirty: longer
     *                than any recount's rows take to read
     * @param samples how many times the counter is read before the rows are
     * @param gap     the pause between two reads
     */
    public record Bounds(Duration settle, Duration skew, Duration reflip, int samples, Duration gap) {
        /**
         * A tenth of a second to land (a like's whole request takes a few milliseconds; one slower than this
         * marks its post), clocks within 20 ms of each other (NTP on one network), sixteen reads 25 ms apart: a
         * landing that falls between two close reads places its change, and spacing them wider settled fewer
         * streams; sixteen settle a stream of ten likes a second at random moments about nine times in ten, eight
         * three in four ({@code KnownPointCountTest}).
         */
        public static final Bounds DEFAULT = new Bounds(
                Duration.ofMillis(100), Duration.ofMillis(20), Duration.ofMinutes(1), 16, Duration.ofMillis(25));

        public Bounds {
            if (samples < 1 || settle.isNegative() || skew.isNegative() || reflip.isNegative() || gap.isNegative()) {
                throw new IllegalArgumentException("bad bounds");
            }
        }

        /** Whether a change at {@code at}, whose counter update ended at {@code landed}, broke the settle rule. */
        public boolean late(Instant at, Instant landed) {
            return Duration.between(at, landed).compareTo(settle) > 0;
        }

        /** Whether a change at {@code at} of a row that last changed at {@code previous} broke the reflip rule. */
        public boolean soonAfter(Instant previous, Instant at) {
            return Duration.between(previous, at).compareTo(reflip) < 0;
        }
    }

    private record Read(Instant before, long value, Instant after) {}

    private KnownPointCount() {}

    /**
     * Reads the counter once and the rows once, which settles a counter nothing moved lately; only if that
     * read cannot be judged are {@code samples} more reads taken, {@code gap} apart, and the rows read again.
     */
    public static StableCount.Outcome correct(
            Clock clock,
            Bounds bounds,
            LongSupplier counter,
            Supplier<? extends Collection<Row>> rows,
            LongConsumer add) {
        StableCount.Outcome first = judge(bounds, List.of(read(clock, counter)), rows.get(), add);
        if (!first.raced()) {
            return first;
        }
        List<Read> reads = new ArrayList<>(bounds.samples());
        for (int i = 0; i < bounds.samples(); i++) {
            if (i > 0) {
                pause(bounds.gap());
            }
            reads.add(read(clock, counter));
        }
        return judge(bounds, reads, rows.get(), add);
    }

    private static Read read(Clock clock, LongSupplier counter) {
        Instant before = clock.instant();
        long value = counter.getAsLong();
        return new Read(before, value, clock.instant());
    }

    /**
     * The drift (counted minus true) that every read allows, applied when they allow one value only. A read
     * allows {@code value - certain - k .. value - certain}: {@code certain} from the rows it can place, and each
     * of its {@code k} rows changed near it adding 0 or 1 (that change's update had landed or not). The drift is
     * the same at every read (a new one would come from a failure, which marks the counter again), so it is in
     * every read's range; when they leave one value, that is it. Raced otherwise, or when the ranges do not meet.
     */
    private static StableCount.Outcome judge(
            Bounds bounds, List<Read> reads, Collection<Row> counted, LongConsumer add) {
        long lowest = Long.MIN_VALUE;
        long highest = Long.MAX_VALUE;
        for (Read read : reads) {
            Instant settledBy = read.before().minus(bounds.settle()).minus(bounds.skew());
            Instant changedAfter = read.after().plus(bounds.skew());
            long certain = 0;
            long near = 0;
            for (Row row : counted) {
                if (!row.changedAt().isAfter(settledBy)) {
                    certain += row.on() ? 1 : 0;
                } else if (row.changedAt().isAfter(changedAfter)) {
                    certain += row.on() ? 0 : 1;
                } else {
                    near++;
                }
            }
            lowest = Math.max(lowest, read.value() - certain - near);
            highest = Math.min(highest, read.value() - certain);
        }
        if (lowest != highest) {
            return new StableCount.Outcome(0, true);
        }
        long delta = -lowest;
        if (delta != 0) {
            add.accept(delta);
        }
        return new StableCount.Outcome(delta, false);
    }

    private static void pause(Duration gap) {
        if (gap.isZero()) {
            return;
        }
        try {
            Thread.sleep(gap.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while recounting", e);
        }
    }
}
