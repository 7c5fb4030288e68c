package dev.widefeed.kernel;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where an instance's background threads come from. A feature's assembly asks here for the executors its jobs run on
 * and hands them to the classes that use them, so no class makes threads of its own and one owner stops them all:
 * the server's lifecycle ({@code composition.ServerParts}), a command or a test. Every thread is a named daemon; a
 * class that stops (a job's {@code stop}, a counter's {@code close}) stops scheduling, and its executor ends here.
 */
public final class Threads implements AutoCloseable {
    private static final long GRACE_MILLIS = 5_000;

    private final Deque<ExecutorService> made = new ArrayDeque<>();
    private boolean closed;

    /** One thread that runs what is scheduled on it, in order. */
    public synchronized ScheduledExecutorService scheduled(String name) {
        return keep(Executors.newSingleThreadScheduledExecutor(daemons(name)));
    }

    /** {@code threads} threads for work that must not wait behind more than that many others. */
    public synchronized ExecutorService fixed(String name, int threads) {
        return keep(Executors.newFixedThreadPool(threads, daemons(name)));
    }

    /** Threads made as work comes and ended when idle, for short work whose parallelism its caller bounds. */
    public synchronized ExecutorService cached(String name) {
        return keep(Executors.newCachedThreadPool(daemons(name)));
    }

    /**
     * Shuts every executor down, the last made first, letting running work end within a grace period; later asks
     * are refused.
     */
    @Override
    public void close() {
        Deque<ExecutorService> stopping;
        synchronized (this) {
            closed = true;
            stopping = new ArrayDeque<>(made);
            made.clear();
        }
        stopping.forEach(ExecutorService::shutdown);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
        for (ExecutorService executor : stopping) {
            try {
                long left = deadline - System.nanoTime();
                if (!executor.awaitTermination(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    private <E extends ExecutorService> E keep(E executor) {
        if (closed) {
            executor.shutdownNow();
            throw new IllegalStateException("the instance's threads are closed");
        }
        made.push(executor);
        return executor;
    }

    private static ThreadFactory daemons(String name) {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
