package dev.widefeed.kernel;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

class KnownPointCountTest {
    private static final Instant T0 = Instant.parse("2026-11-25T12:00:00Z");
    private static final KnownPointCount.Bounds BOUNDS = new KnownPointCount.Bounds(Duration.ofMillis(200),
            Duration.ofMillis(50), Duration.ofMinutes(1), 3, Duration.ZERO);
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

    /** The counter reads {@code values} in turn, each one second after the previous (reads at T0+1s, +2s, ...). */
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
        StableCount.Outcome outcome = correct(counter(10L), row(true, -5), row(true, -4), row(false, 3.5),
                row(true, 3.6));
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
    void whenEveryReadHasAChangeNearItNothingIsApplied() {
        StableCount.Outcome outcome = correct(counter(4L, 5L, 6L, 7L), row(true, -5), row(true, 0.95), row(true, 1.95),
                row(true, 2.95), row(true, 3.95));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(0, true));
        assertThat(added).isEmpty();
    }

    @Test
    void theClockSkewWidensTheWindowAfterTheRead() {
        // +N.04 s is within the 50 ms skew of the read at +N s: it may have come before it on the reader's clock.
        assertThat(correct(counter(1L, 1L, 1L, 1L), row(true, 1.04), row(true, 2.04), row(true, 3.04),
                row(true, 4.04)).raced()).isTrue();
    }
}
