package dev.widefeed.kernel;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The retry loop of every compare-and-set in the domain: read, decide, compare-and-set; on a lost
 * race read again, a few times, then give up with a conflict (409: safe to retry). Only the
 * compare-and-set is retried this way, never a counter update or a write whose outcome is unknown.
 */
public final class CompareAndSet {
    /** Races one request loses in a row before it reports a conflict. */
    public static final int MAX_ATTEMPTS = 8;

    private CompareAndSet() {}

    /**
     * @param attempt one read-decide-write round: its result when it settled (it applied, or there
     *                was nothing to do), empty when its compare-and-set lost a race
     * @param what    what changed too often, for the conflict's message
     */
    public static <T> T retry(Supplier<Optional<T>> attempt, Supplier<String> what) {
        for (int i = 0; i < MAX_ATTEMPTS; i++) {
            Optional<T> settled = attempt.get();
            if (settled.isPresent()) {
                return settled.get();
            }
        }
        throw DomainException.conflict(what.get() + " changed too often; try again");
    }
}
