package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;

import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs many statements asynchronously with at most {@code maxInFlight} outstanding, for bulk work
 * (imports, fan-out) that must go fast without flooding the node or the driver's request queue.
 */
final class BoundedAsync {
    private final CqlSession session;
    private final int maxInFlight;

    BoundedAsync(CqlSession session, int maxInFlight) {
        this.session = session;
        this.maxInFlight = maxInFlight;
    }

    /** Runs every statement; waits for all; throws the first failure after all have finished. */
    void runAll(List<? extends Statement<?>> statements) {
        Semaphore permits = new Semaphore(maxInFlight);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (Statement<?> statement : statements) {
            if (failure.get() != null) {
                break;
            }
            permits.acquireUninterruptibly();
            session.executeAsync(statement).whenComplete((rs, error) -> {
                if (error != null) {
                    failure.compareAndSet(null, error);
                }
                permits.release();
            });
        }
        permits.acquireUninterruptibly(maxInFlight);
        Throwable error = failure.get();
        if (error instanceof RuntimeException runtime) {
            throw runtime;
        } else if (error != null) {
            throw new IllegalStateException(error);
        }
    }
}
