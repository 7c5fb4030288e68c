package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Runs the shards that came due on the runner threads, at most {@code threads} at once, so the log's work never takes
 * request threads. Shards wait in the order they came due, each at most once, and a shard is never run twice at once.
 * A shard whose run asks for more (it got work done and left work pending) goes to the back of the queue at once, so
 * long work (a big fan-out) goes on at the store's pace instead of one pass per poll interval, while the other shards
 * keep their places ahead of it.
 */
final class ShardRunners {
    private final ExecutorService pool;
    private final int threads;
    private final ShardVisits visits;
    private final ShardPaces paces;
    private final Clock clock;
    private final BooleanSupplier stopping;
    /** Shards being worked here now. */
    private final Set<Integer> running = ConcurrentHashMap.newKeySet();
    /** Shards waiting for a runner, in order. */
    private final Queue<Integer> waiting = new ConcurrentLinkedQueue<>();

    private final Set<Integer> queued = ConcurrentHashMap.newKeySet();
    private final AtomicInteger busyRunners = new AtomicInteger();
    private final Set<Future<?>> runners = ConcurrentHashMap.newKeySet();
    private final Object idle = new Object();

    /** @param stopping whether the job is stopping: no runner starts, and none takes another shard */
    ShardRunners(
            ExecutorService pool,
            int threads,
            ShardVisits visits,
            ShardPaces paces,
            Clock clock,
            BooleanSupplier stopping) {
        this.pool = pool;
        this.threads = threads;
        this.visits = visits;
        this.paces = paces;
        this.clock = clock;
        this.stopping = stopping;
    }

    /** Queues the shard unless it is queued or being worked already. */
    void queue(int shard) {
        if (!running.contains(shard) && queued.add(shard)) {
            waiting.add(shard);
        }
    }

    /** Starts runners for the queued shards, as many as there are threads, each taking the next queued shard. */
    void start() {
        for (int busy = busyRunners.get();
                !stopping.getAsBoolean() && !waiting.isEmpty() && busy < threads;
                busy = busyRunners.get()) {
            if (busyRunners.compareAndSet(busy, busy + 1)) {
                runners.removeIf(Future::isDone);
                try {
                    runners.add(pool.submit(this::runQueued));
                } catch (RejectedExecutionException e) {
                    runnerEnded();
                    throw e;
                }
            }
        }
    }

    /**
     * Waits for the runners at work to end (once stopping, each ends after its shard), interrupting those still at
     * work after {@code wait}.
     */
    void stop(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (idle) {
            while (busyRunners.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    runners.forEach(runner -> runner.cancel(true));
                    return;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
        }
    }

    private void runQueued() {
        try {
            for (Integer shard = waiting.poll(); shard != null && !stopping.getAsBoolean(); shard = waiting.poll()) {
                queued.remove(shard);
                if (running.add(shard)) {
                    boolean more;
                    try {
                        more = visits.offer(shard);
                    } finally {
                        running.remove(shard);
                    }
                    // Due again already: woken while its pass ran (which may have read the slot before the entry).
                    if (more || paces.due(shard, clock.instant())) {
                        queue(shard);
                    }
                }
            }
        } finally {
            runnerEnded();
        }
        if (!waiting.isEmpty()) {
            start(); // queued after this runner found the queue empty, and no runner was free to take it
        }
    }

    private void runnerEnded() {
        if (busyRunners.decrementAndGet() == 0) {
            synchronized (idle) {
                idle.notifyAll();
            }
        }
    }
}
