package dev.widefeed.localstore;

import java.time.Duration;
import java.util.Optional;

/**
 * When to start a store that died again, and when to stop trying. The first start after a death waits a moment
 * (the store's ports and files are free at once, but a store that crashed may do so again at once); each failed
 * start in a row doubles the wait up to a ceiling, and after {@code maxFailedStarts} in a row the store is left
 * down: a store that cannot start five times running will not start a sixth, and a loop of launches only buries
 * the first failure's log under others. A start that served but died again within {@code stableAfter} counts as
 * failed, so a store that crashes each time it takes load is given up on too; one that ran longer starts the count
 * afresh. Not thread-safe: one supervisor thread asks it.
 */
final class RestartPolicy {

    private final Duration firstDelay;
    private final Duration maxDelay;
    private final int maxFailedStarts;
    private final Duration stableAfter;
    private int failedStarts;

    RestartPolicy(Duration firstDelay, Duration maxDelay, int maxFailedStarts, Duration stableAfter) {
        if (firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0 || maxFailedStarts < 1) {
            throw new IllegalArgumentException(
                    "delays " + firstDelay + ".." + maxDelay + ", " + maxFailedStarts + " failed starts");
        }
        this.firstDelay = firstDelay;
        this.maxDelay = maxDelay;
        this.maxFailedStarts = maxFailedStarts;
        this.stableAfter = stableAfter;
    }

    /** 1 s, doubling to 30 s; given up after 5 failed starts in a row; a store that served a minute is stable. */
    static RestartPolicy standard() {
        return new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), 5, Duration.ofMinutes(1));
    }

    /**
     * The store died after serving for {@code served}: how long to wait before starting it again, or empty to
     * give up.
     */
    Optional<Duration> afterDeath(Duration served) {
        if (served.compareTo(stableAfter) >= 0) {
            failedStarts = 0;
            return Optional.of(firstDelay);
        }
        return afterFailedStart();
    }

    /** A start that did not serve: how long to wait before the next, or empty to give up. */
    Optional<Duration> afterFailedStart() {
        failedStarts++;
        if (failedStarts >= maxFailedStarts) {
            return Optional.empty();
        }
        return Optional.of(delay(failedStarts));
    }

    /** Failed starts in a row so far. */
    int failedStarts() {
        return failedStarts;
    }

    int maxFailedStarts() {
        return maxFailedStarts;
    }

    private Duration delay(int failures) {
        Duration delay = firstDelay;
        for (int i = 0; i < failures && delay.compareTo(maxDelay) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    }
}
