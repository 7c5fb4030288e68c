package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class KnownPointCountTest {
    private static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");
    private static final KnownPointCount.Bounds BOUNDS = new KnownPointCount.Bounds(
            Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofMinutes(1), 3, Duration.ZERO);
    private final List<Long> added = new ArrayList<>();
    private Instant now = T0;
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    /** The counter reads {@code values} in turn; each read takes a second: read k spans [k-1, k] s after T0. */
    private LongSupplier counter(Long... values) {
        Deque<Long> reads = new ArrayDeque<>(List.of(values));
        return () -> {
            now = now.plusSeconds(1);
            return reads.poll();
        };
    }

    private static KnownPointCount.Row row(boolean on, double secondsAfterT0) {
        return new KnownPointCount.Row(on, T0.plusMillis((long) (secondsAfterT0 * 1000)));
    }

    private StableCount.Outcome correct(LongSupplier counter, KnownPointCount.Row... rows) {
        return KnownPointCount.correct(clock, BOUNDS, counter, () -> List.of(rows), added::add);
    }

    @Test
    void aQuietCounterIsSetToItsRowsAfterOneRead() {
        assertThat(correct(counter(7L, 7L, 7L), row(true, -5), row(true, -4), row(false, -3)))
                .isEqualTo(new StableCount.Outcome(-5, false));
        assertThat(added).containsExactly(-5L);
        assertThat(now).as("one read of the counter").isEqualTo(T0.plusSeconds(1));
    }

    @Test
    void rowsChangedAfterTheReadCountAsTheyWereBeforeIt() {
        // Planted drift +7. At the read (+1 s) two likes stood, plus one that was unliked at +3.5 s; the like at
        // +3.6 s came after it. The counter held 3 + 7.
        StableCount.Outcome outcome =
                correct(counter(10L), row(true, -5), row(true, -4), row(false, 3.5), row(true, 3.6));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(-7, false));
        assertThat(added).containsExactly(-7L);
    }

    @Test
    void aReadWithAChangeInFlightIsNotJudgedAndALaterOneIs() {
        // The like at +0.95 s may or may not have landed by the read at +1 s: the counter is read three more times
        // (+2, +3, +4 s) and the latest is judged, the like long settled by then. Drift +3.
        StableCount.Outcome outcome = correct(counter(4L, 5L, 5L, 5L), row(true, -5), row(true, 0.95));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(-3, false));
    }

    @Test
    void readsWithChangesNearThemNarrowTheDriftToOneValue() {
        // Read k spans [k-1, k] s here. Likes at +0.5, +1.5, +2.5, +3.5 s: each is near one read and clear of the
        // next. Read 1 allows a drift of 2 or 3, so three more reads are taken: read 2 (the like at +1.5 landed)
        // allows 3 or 4, reads 3 and 4 (theirs not yet) 2 or 3. Together: 3.
        StableCount.Outcome outcome = correct(
                counter(4L, 6L, 6L, 7L), row(true, -5), row(true, 0.5), row(true, 1.5), row(true, 2.5), row(true, 3.5));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(-3, false));
    }

    @Test
    void whenTheReadsLeaveMoreThanOneValueNothingIsApplied() {
        // The same likes, none landed by the read it is near: every read allows 2 or 3.
        StableCount.Outcome outcome = correct(
                counter(4L, 5L, 6L, 7L), row(true, -5), row(true, 0.5), row(true, 1.5), row(true, 2.5), row(true, 3.5));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(0, true));
        assertThat(added).isEmpty();
    }

    @Test
    void aChangeWithinTheClockSkewAfterAReadIsNotPlacedAfterIt() {
        // 40 ms after read 1 is within the 50 ms skew: it may have come before the read on the reader's clock,
        // so one read is not enough (four are taken); 60 ms after is after it, and one read settles the counter.
        assertThat(correct(counter(2L, 2L, 2L, 2L), row(true, -5), row(true, 1.04))
                        .raced())
                .isFalse();
        assertThat(now).isEqualTo(T0.plusSeconds(4));
        now = T0;
        assertThat(correct(counter(2L), row(true, -5), row(true, 1.06))).isEqualTo(new StableCount.Outcome(-1, false));
        assertThat(now).isEqualTo(T0.plusSeconds(1));
    }

    /**
     * A like stream against a counter that is off by 7, read as the service reads it (the default bounds; each
     * counter update landing 2 to 60 ms after its change): whatever the stream, a correction applied is the true one.
     * Ten changes a second at random moments are settled on the first try about nine times in ten by the default
     * sixteen reads, fewer by eight. A stream as regular as a change every 85 ms leaves no read without a landed
     * change near it, so every drift one more or less fits the reads as well, and nothing is applied until a lull
     * (docs/design.md, "Counters that heal").
     */
    @Test
    void aStreamAtRandomMomentsIsSettledAndARegularOneWaitsForALull() {
        KnownPointCount.Bounds bounds = KnownPointCount.Bounds.DEFAULT;
        KnownPointCount.Bounds eight =
                new KnownPointCount.Bounds(bounds.settle(), bounds.skew(), bounds.reflip(), 8, bounds.gap());
        int trials = 400;
        int settled = 0;
        int settledByEight = 0;
        for (int seed = 0; seed < trials; seed++) {
            settled += simulate(new Random(seed), bounds, false) ? 1 : 0;
            settledByEight += simulate(new Random(seed), eight, false) ? 1 : 0;
            assertThat(simulate(new Random(seed), bounds, true))
                    .as("a regular stream settled")
                    .isFalse();
        }
        System.out.printf(
                "ten likes a second at random moments: settled at once in %d of %d by %d reads, %d by 8%n",
                settled, trials, bounds.samples(), settledByEight);
        assertThat(settled).isGreaterThan(trials * 8 / 10).isGreaterThan(settledByEight);
    }

    /**
     * One recount of a post liked by a stream of new users, ten a second at random moments or one every 85 ms
     * ({@code regular}), its reads {@code bounds.gap()} apart on the simulated clock. Asserts that a correction
     * applied is the planted drift's; whether one was.
     */
    private boolean simulate(Random random, KnownPointCount.Bounds bounds, boolean regular) {
        record Change(Instant at, Instant landed) {}
        List<Change> changes = new ArrayList<>();
        Instant at = T0.minusSeconds(3);
        while (at.isBefore(T0.plusSeconds(5))) {
            changes.add(new Change(at, at.plusMillis(2 + random.nextInt(59))));
            long pause = regular ? 85 : Math.round(-Math.log(1 - random.nextDouble()) * 100);
            at = at.plusMillis(Math.max(1, pause));
        }
        long drift = 7;
        now = T0.plusMillis(random.nextInt(1000));
        LongSupplier counter = () -> {
            now = now.plus(bounds.gap()).plusMillis(1);
            long landed = changes.stream().filter(c -> !c.landed().isAfter(now)).count();
            now = now.plusMillis(1);
            return drift + landed;
        };
        KnownPointCount.Bounds unpaused = new KnownPointCount.Bounds(
                bounds.settle(),
                bounds.skew(),
                bounds.reflip(),
                bounds.samples(),
                Duration.ZERO); // the simulated clock moves by the gap, not a real pause
        StableCount.Outcome outcome = KnownPointCount.correct(
                clock,
                unpaused,
                counter,
                () -> changes.stream()
                        .filter(c -> !c.at().isAfter(now))
                        .map(c -> new KnownPointCount.Row(true, c.at()))
                        .toList(),
                added::add);
        if (!outcome.raced()) {
            assertThat(outcome.delta()).as("the correction applied").isEqualTo(-drift);
        }
        return !outcome.raced();
    }
}
