package dev.widefeed.perf.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Runs a blocking store call per index on a fixed number of threads: the stores' single-row calls are
 * synchronous, so the thread count is the number of calls in flight.
 */
final class Parallel {
    private Parallel() {}

    /** Calls {@code call} for every index in [0, n); stops at the first failure and rethrows it. */
    static void forEach(int n, int threads, IntConsumer call) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemon("load-worker"));
        try {
            List<Future<?>> workers = new ArrayList<>(threads);
            for (int t = 0; t < threads; t++) {
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < n && failure.get() == null; i = next.getAndIncrement()) {
                        try {
                            call.accept(i);
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e);
                        }
                    }
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause()); // the loop catches everything a call throws
        } finally {
            pool.shutdownNow();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread thread = new Thread(r, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
