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
    void aQuietCounterIsSetToItsRows() {
        assertThat(correct(counter(7L, 7L, 7L), row(true, -5), row(true, -4), row(false, -3)))
                .isEqualTo(new StableCount.Outcome(-5, false));
        assertThat(added).containsExactly(-5L);
    }

    @Test
    void rowsChangedAfterTheReadCountAsTheyWereBeforeIt() {
        // Read at +3 s is 10: true value there is 2 settled likes, plus one unliked at +3.5 (liked at the read),
        // while the like at +3.6 came after it. Planted drift: +7.
        StableCount.Outcome outcome = correct(counter(9L, 9L, 10L), row(true, -5), row(true, -4),
                row(false, 3.5), row(true, 3.6));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(-7, false));
        assertThat(added).containsExactly(-7L);
    }

    @Test
    void aReadWithAChangeInFlightIsNotJudgedAndAnEarlierOneIs() {
        // A like at +2.9 s may or may not have landed by the read at +3 s; the read at +2 s has none near it.
        StableCount.Outcome outcome = correct(counter(4L, 4L, 5L), row(true, -5), row(true, 2.9));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(-3, false)); // at +2 s: one like, counted 4
    }

    @Test
    void whenEveryReadHasAChangeNearItNothingIsApplied() {
        StableCount.Outcome outcome = correct(counter(4L, 5L, 6L), row(true, -5), row(true, 0.95), row(true, 1.95),
                row(true, 2.95));
        assertThat(outcome).isEqualTo(new StableCount.Outcome(0, true));
        assertThat(added).isEmpty();
    }

    @Test
    void theClockSkewWidensTheWindowAfterTheRead() {
        // +3.04 s is within the 50 ms skew of the read at +3 s: it may have come before it on the reader's clock.
        assertThat(correct(counter(1L, 1L, 1L), row(true, 2.04), row(true, 3.04), row(true, 1.04)).raced()).isTrue();
    }
}
