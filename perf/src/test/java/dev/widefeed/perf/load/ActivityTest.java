package dev.widefeed.perf.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.BitSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ActivityTest {
    private static final int USERS = 200_000;

    /** A spread of rates like the generator's log-normal ones, from rare to constant readers. */
    private static double readsPerDay(int user) {
        return StrictMath.pow(10, (user % 1000) / 250.0 - 2); // 0.01 .. ~100 a day
    }

    private static BitSet active(long seed) {
        Activity activity = new Activity(seed);
        BitSet active = new BitSet(USERS);
        for (int u = 0; u < USERS; u++) {
            if (activity.lastReadAgo(u, readsPerDay(u)).isPresent()) {
                active.set(u);
            }
        }
        return active;
    }

    @Test
    void theSeedAloneDecidesWhoIsActiveAndWhen() {
        assertThat(active(7)).isEqualTo(active(7));
        assertThat(active(8)).isNotEqualTo(active(7));
        Activity a = new Activity(7);
        Activity b = new Activity(7);
        for (int u = 0; u < 1000; u++) {
            assertThat(a.lastReadAgo(u, 3.0)).isEqualTo(b.lastReadAgo(u, 3.0));
        }
    }

    @Test
    void theActiveShareIsTheChanceOfAReadWithinADay() {
        double expected = 0;
        for (int u = 0; u < USERS; u++) {
            expected += 1 - Math.exp(-readsPerDay(u));
        }
        expected /= USERS;
        // the standard error of a share of 200k users is at most 0.0011
        assertThat(active(1).cardinality() / (double) USERS).isCloseTo(expected, within(0.005));
    }

    @Test
    void eachRateGivesItsOwnShareAndLastReadsFallWithinTheDay() {
        Activity activity = new Activity(3);
        for (double rate : new double[] {0.1, 1, 5}) {
            int active = 0;
            for (int u = 0; u < USERS; u++) {
                Optional<Duration> ago = activity.lastReadAgo(u, rate);
                if (ago.isPresent()) {
                    assertThat(ago.get()).isBetween(Duration.ZERO, Duration.ofDays(1));
                    active++;
                }
            }
            assertThat(active / (double) USERS).as("rate %s", rate).isCloseTo(1 - Math.exp(-rate), within(0.005));
        }
    }

    @Test
    void usersWhoNeverReadAreNeverActive() {
        Activity activity = new Activity(1);
        for (int u = 0; u < 10_000; u++) {
            assertThat(activity.lastReadAgo(u, 0)).isEmpty();
        }
    }
}
