package dev.widefeed.kernel;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One task run again and again, a period after each run ends, on a thread its owner gives it ({@link Threads}): a
 * job's start and stop, without the job owning a thread. The task must not throw; a run that threw would end the
 * runs after it.
 */
public final class Periodically {
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final ScheduledExecutorService thread;
    private final Runnable task;
    private ScheduledFuture<?> runs;

    public Periodically(ScheduledExecutorService thread, Runnable task) {
        this.thread = thread;
        this.task = task;
    }

    /** Runs the task after {@code first}, then a {@code period} after each run ends. */
    public synchronized void start(Duration first, Duration period) {
        if (runs != null) {
            throw new IllegalStateException("already started");
        }
        runs = thread.scheduleWithFixedDelay(task, first.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Cancels the runs to come and interrupts one under way, waiting (a while at most) for it to end, so what the
     * caller does next does not overlap a run. May be called again, or before a start.
     */
    public void stop() throws InterruptedException {
        ScheduledFuture<?> stopping;
        synchronized (this) {
            stopping = runs;
            runs = null;
        }
        if (stopping == null) {
            return;
        }
        stopping.cancel(true);
        try {
            // The thread runs one thing at a time: this runs once a run under way has ended.
            thread.submit(() -> {}).get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | RejectedExecutionException e) {
            // ended already (its thread stopped with the instance), or still ending: nothing later depends on it
        }
    }
}
