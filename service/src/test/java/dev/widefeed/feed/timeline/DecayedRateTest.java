package dev.widefeed.feed.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DecayedRateTest {
    private static final Instant T0 = Instant.parse("2026-11-23T00:00:00Z");
    private static final Duration HALF_LIFE = Duration.ofDays(1);

    @Test
    void theCountHalvesEveryHalfLife() {
        DecayedRate one = DecayedRate.NONE.plusOne(T0, HALF_LIFE);
        assertThat(one.countAt(T0, HALF_LIFE)).isEqualTo(1.0);
        assertThat(one.countAt(T0.plus(HALF_LIFE), HALF_LIFE)).isCloseTo(0.5, within(1e-12));
        assertThat(one.countAt(T0.plus(HALF_LIFE.multipliedBy(3)), HALF_LIFE)).isCloseTo(0.125, within(1e-12));
    }

    @Test
    void eventsAddToTheDecayedCount() {
        DecayedRate two = DecayedRate.NONE.plusOne(T0, HALF_LIFE).plusOne(T0.plus(HALF_LIFE), HALF_LIFE);
        assertThat(two.count()).isCloseTo(1.5, within(1e-12));
        assertThat(two.at()).isEqualTo(T0.plus(HALF_LIFE));
    }

    @Test
    void aSteadyRateReadsBackAsThatRate() {
        // Ten events a day for thirty days: the estimate settles on ten a day (within the saw-tooth
        // of the last event).
        DecayedRate rate = DecayedRate.NONE;
        Instant t = T0;
        for (int i = 0; i < 300; i++) {
            t = t.plus(Duration.ofMinutes(144));
            rate = rate.plusOne(t, HALF_LIFE);
        }
        assertThat(rate.perDay(t.plus(Duration.ofMinutes(72)), HALF_LIFE)).isCloseTo(10.0, within(0.3));
    }

    @Test
    void readsTalliedBetweenWritesAndAddedTogetherKeepTheRate() {
        // Forty reads a day, written every ten minutes' worth of reads at once, as a state written at most
        // once a touch interval adds the reads tallied since: still forty a day, not the touches' rate.
        DecayedRate rate = DecayedRate.NONE;
        Instant t = T0;
        for (int i = 0; i < 3000; i++) {
            t = t.plus(Duration.ofMinutes(36));
            if (i % 10 == 9) {
                rate = rate.plus(10, t, HALF_LIFE);
            }
        }
        assertThat(rate.perDay(t, HALF_LIFE)).isCloseTo(40.0, within(4.0));
        assertThatThrownBy(() -> DecayedRate.NONE.plus(-1, T0, HALF_LIFE)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRateFallsWhenTheEventsStop() {
        DecayedRate rate = DecayedRate.NONE;
        for (int i = 0; i < 100; i++) {
            rate = rate.plusOne(T0.plus(Duration.ofMinutes(15L * i)), HALF_LIFE);
        }
        Instant last = T0.plus(Duration.ofMinutes(15L * 99));
        double now = rate.perDay(last, HALF_LIFE);
        assertThat(rate.perDay(last.plus(Duration.ofDays(2)), HALF_LIFE)).isCloseTo(now / 4, within(1e-9));
    }

    @Test
    void aClockBehindTheLastUpdateNeitherGrowsNorRewindsTheCount() {
        DecayedRate one = DecayedRate.NONE.plusOne(T0, HALF_LIFE);
        assertThat(one.countAt(T0.minusSeconds(3600), HALF_LIFE)).isEqualTo(1.0);
        DecayedRate two = one.plusOne(T0.minusSeconds(3600), HALF_LIFE);
        assertThat(two.count()).isEqualTo(2.0);
        assertThat(two.at()).isEqualTo(T0);
    }

    @Test
    void nothingYetIsNoRate() {
        assertThat(DecayedRate.NONE.perDay(T0, HALF_LIFE)).isZero();
    }

    @Test
    void countsAreFiniteAndNotNegativeAndHalfLivesPositive() {
        assertThatThrownBy(() -> new DecayedRate(-1, T0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DecayedRate(Double.NaN, T0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DecayedRate(1, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DecayedRate.NONE.countAt(T0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRateTurnsIntoTheCountItHoldsAndBack() {
        Instant at = Instant.parse("2026-01-01T00:00:00Z");
        Duration halfLife = Duration.ofHours(12);
        DecayedRate rate = DecayedRate.ofRate(37.5, at, halfLife);
        assertThat(rate.at()).isEqualTo(at);
        assertThat(rate.perDay(at, halfLife)).isCloseTo(37.5, within(1e-9));
        assertThat(DecayedRate.ofRate(0, at, halfLife)).isEqualTo(new DecayedRate(0, at));
    }
}
