package dev.widefeed.eventlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ShardPaceTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
    private final ShardPace pace = new ShardPace(Duration.ofSeconds(1), Duration.ofSeconds(15));

    @Test
    void aShardNeverPassedIsDueAtOnce() {
        assertThat(pace.due(T)).isTrue();
    }

    @Test
    void quietPassesDoubleTheWaitUpToTheIdleInterval() {
        Instant now = T;
        long[] waits = new long[6];
        for (int i = 0; i < waits.length; i++) {
            pace.begin();
            pace.quiet(now);
            waits[i] = Duration.between(now, pace.next()).toSeconds();
            assertThat(pace.due(pace.next().minusMillis(1))).isFalse();
            assertThat(pace.due(pace.next())).isTrue();
            now = pace.next();
        }
        // At T + 14 s the wait reaches 15 s: the pass goes to the 15 s grid (T is on it), at T + 15 s, and stays on it.
        assertThat(waits).containsExactly(2, 4, 8, 1, 15, 15);
    }

    @Test
    void quietShardsAtTheIdlePaceComeDueTogether() {
        ShardPace other = new ShardPace(Duration.ofSeconds(1), Duration.ofSeconds(15));
        for (int i = 0; i < 6; i++) {
            pace.quiet(T.plusMillis(4_321 + i));
            other.quiet(T.plusMillis(9_876 + i));
        }
        assertThat(pace.next()).isEqualTo(other.next());
        assertThat(Duration.between(T.plusMillis(9_881), other.next()))
                .isBetween(Duration.ZERO, Duration.ofSeconds(15));
    }

    @Test
    void aPassWithWorkKeepsTheBusyPaceAndEndsTheBackoff() {
        for (int i = 0; i < 5; i++) {
            pace.quiet(T);
        }
        pace.busy(T);
        assertThat(pace.next()).isEqualTo(T.plusSeconds(1));
        pace.quiet(T.plusSeconds(1));
        assertThat(pace.next()).as("the backoff starts over").isEqualTo(T.plusSeconds(3));
    }

    @Test
    void aWakeMakesAQuietShardDueAtOnce() {
        pace.begin();
        pace.quiet(T);
        pace.begin();
        pace.quiet(T);
        assertThat(pace.due(T.plusSeconds(1))).isFalse();
        pace.wake();
        assertThat(pace.due(T.plusSeconds(1))).isTrue();
        pace.begin();
        pace.quiet(T.plusSeconds(1)); // the entry was done at once (worked elsewhere, say)
        assertThat(pace.due(T.plusSeconds(1)))
                .as("the pass that followed took the wake")
                .isFalse();
    }

    @Test
    void aShardWithWorkPendingIsNotWokenItKeepsItsPace() {
        pace.begin();
        pace.busy(T);
        pace.wake();
        assertThat(pace.due(T.plusMillis(999))).isFalse();
        assertThat(pace.due(T.plusSeconds(1))).isTrue();
    }

    @Test
    void aWakeDuringAPassIsKeptForTheNextOne() {
        pace.begin();
        pace.quiet(T);
        pace.begin();
        pace.wake(); // appended after the pass may have read the slot
        pace.quiet(T);
        assertThat(pace.due(T)).isTrue();
        pace.begin();
        pace.quiet(T);
        assertThat(pace.due(T)).isFalse();
    }

    @Test
    void aWokenPassThatLeavesWorkPendingIsFollowedSoonThenAtTheBusyPace() {
        pace.begin();
        pace.quiet(T);
        pace.wake();
        pace.begin();
        pace.busy(T); // the entry's change had not landed yet
        Instant now = T;
        long[] waits = new long[6];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = Duration.between(now, pace.next()).toMillis();
            now = pace.next();
            pace.begin();
            pace.busy(now);
        }
        assertThat(waits).containsExactly(100, 200, 400, 800, 1000, 1000);
    }

    @Test
    void aFailedAttemptDoesNotKeepAWakeForever() {
        pace.begin();
        pace.quiet(T);
        pace.wake();
        pace.begin(); // the lease could not be checked
        pace.busy(T);
        assertThat(pace.due(T)).isFalse();
    }

    @Test
    void anIdleIntervalShorterThanThePollIntervalIsThePollInterval() {
        ShardPace fast = new ShardPace(Duration.ofSeconds(2), Duration.ofSeconds(1));
        fast.quiet(T);
        fast.quiet(T);
        assertThat(fast.next()).isEqualTo(T.plusSeconds(2));
    }
}
