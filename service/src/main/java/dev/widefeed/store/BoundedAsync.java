package dev.widefeed.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs many asynchronous store calls (statements, batches of mutations: bulk work) with at most
 * {@code maxInFlight} outstanding, so an import goes fast without queueing unbounded work in the
 * client or flooding the region servers.
 */
public final class BoundedAsync {
    private final int maxInFlight;

    public BoundedAsync(int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1");
        }
        this.maxInFlight = maxInFlight;
    }

    /**
     * {@link #runAll} over consecutive chunks of at most {@code chunkSize} items (views of
     * {@code items}, not copies), one call per chunk: for clients that take a batch per call, so a
     * call for 100k users is 100k / chunkSize calls, never a future per user.
     */
    public <T> void runChunks(List<T> items, int chunkSize, Function<List<T>, ? extends CompletionStage<?>> call) {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunkSize must be at least 1");
        }
        List<List<T>> chunks = new ArrayList<>(items.size() / chunkSize + 1);
        for (int from = 0; from < items.size(); from += chunkSize) {
            chunks.add(items.subList(from, Math.min(items.size(), from + chunkSize)));
        }
        runAll(chunks, call);
    }

    /** Calls {@code call} on every item; waits for all; throws the first failure after all have finished. */
    public <T> void runAll(List<T> items, Function<T, ? extends CompletionStage<?>> call) {
        Semaphore permits = new Semaphore(maxInFlight);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (T item : items) {
            if (failure.get() != null) {
                break;
            }
            permits.acquireUninterruptibly();
            CompletionStage<?> future;
            try {
                future = call.apply(item);
            } catch (RuntimeException e) {
                permits.release();
                failure.compareAndSet(null, e);
                break;
            }
            future.whenComplete((result, error) -> {
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
            // The adapters' error translation looks through this wrapper to the store's own exception.
            throw new CompletionException(error);
        }
    }
}
