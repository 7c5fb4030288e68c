package dev.widefeed.perf.load;

import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Who of a workload's users read their home timeline recently, and when they last did, decided by
 * the seed alone so every load of one workload marks the same users.
 *
 * <p>A user's home reads are a Poisson process at their {@code readsPerDay}; looking back from the
 * load, the time since their last read is then exponential at that rate. A user is recently active
 * when that time is under a day (the service's hottest fan-out tier), which happens with probability
 * {@code 1 - exp(-readsPerDay)}; the same draw gives the time, so active users' last reads spread over
 * the day as the model says rather than all sitting at one instant.
 */
public record Activity(long seed) {
    private static final long SALT = 0x41C7_1B17_7EADL; // keeps these draws apart from the generator's streams
    private static final double MILLIS_PER_DAY = 86_400_000.0;

    /** How long before the load the user last read, if that is under a day; empty otherwise. */
    public Optional<Duration> lastReadAgo(int user, double readsPerDay) {
        if (!(readsPerDay > 0)) {
            return Optional.empty();
        }
        double uniform = new SplittableRandom(mix(seed ^ SALT) + user).nextDouble();
        double days = -StrictMath.log1p(-uniform) / readsPerDay;
        return days < 1 ? Optional.of(Duration.ofMillis((long) (days * MILLIS_PER_DAY))) : Optional.empty();
    }

    /** SplitMix64's finaliser: nearby seeds give unrelated streams. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
