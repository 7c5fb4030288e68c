package dev.widefeed.store;

import dev.widefeed.kernel.TemporaryStoreException;
import java.time.Duration;

/**
 * How long the request a thread serves may keep calling the store. One store call is bounded by its client's
 * timeout, but a request makes several in a row, and while a store is down or coming back each of them can take
 * that long: a request could hold its thread for several timeouts and answer long after its client gave up. Past
 * its budget a request makes no further store call and answers 503 at once; what it had changed already is left as
 * any store failure halfway leaves it (the journal, the marks and the repairs finish it). Threads that serve no
 * request (the fan-out, the event log's job) have no budget.
 */
public final class RequestBudget {
    private static final ThreadLocal<Long> DEADLINE = new ThreadLocal<>();

    private RequestBudget() {}

    /** The current thread starts serving a request that may call the store for {@code budget}. */
    public static void begin(Duration budget) {
        DEADLINE.set(System.nanoTime() + budget.toNanos());
    }

    /** The current thread is done with its request. */
    public static void end() {
        DEADLINE.remove();
    }

    /** Before a store call: refuses it when the request this thread serves has spent its budget. */
    static void check() {
        Long deadline = DEADLINE.get();
        if (deadline != null && System.nanoTime() - deadline > 0) {
            throw new TemporaryStoreException(
                    "the request spent its store time budget: the store is slow or " + "unavailable", null);
        }
    }
}
