package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The poll thread: every {@code interval}, and soon after a wake asks ({@link #soon}), it renews the leases held here
 * if that is due (all in one call), then queues every shard whose pass (or, should the renewal have missed it, lease
 * renewal) is due with the runners and starts them.
 */
final class ShardPoller {
    private static final Logger LOG = LoggerFactory.getLogger(ShardPoller.class);

    private final ScheduledExecutorService executor;
    private final Duration interval;
    private final Clock clock;
    private final ShardPaces paces;
    private final ShardLeases leases;
    private final ShardRunners runners;
    /** A poll is on its way to the poll thread (a wake asked for one), so more wakes need not ask again. */
    private final AtomicBoolean asked = new AtomicBoolean();

    private volatile ScheduledFuture<?> polls;
    private volatile boolean started;
    private volatile boolean stopped;

    ShardPoller(
            ScheduledExecutorService executor,
            Duration interval,
            Clock clock,
            ShardPaces paces,
            ShardLeases leases,
            ShardRunners runners) {
        this.executor = executor;
        this.interval = interval;
        this.clock = clock;
        this.paces = paces;
        this.leases = leases;
        this.runners = runners;
    }

    void start() {
        started = true;
        polls = executor.scheduleWithFixedDelay(this::poll, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A poll soon, on the poll thread, unless one is on its way already (or the poller is not running). */
    void soon() {
        if (started && !stopped && asked.compareAndSet(false, true)) {
            try {
                executor.execute(() -> {
                    asked.set(false);
                    poll();
                });
            } catch (RejectedExecutionException e) {
                asked.set(false); // stopping
            }
        }
    }

    /** No poll after this one: the periodic ones are cancelled, and one asked for finds the poller stopped. */
    void stop() {
        stopped = true;
        ScheduledFuture<?> scheduled = polls;
        if (scheduled != null) {
            scheduled.cancel(true);
        }
    }

    private void poll() {
        if (stopped) {
            return;
        }
        try {
            leases.renewDue();
        } catch (RuntimeException e) {
            LOG.warn("event log: could not renew the leases: {}", e.toString());
        }
        try {
            Instant now = clock.instant();
            for (int shard = 0; shard < paces.shards(); shard++) {
                if (paces.due(shard, now) || leases.renewalDue(shard, now)) {
                    runners.queue(shard);
                }
            }
            runners.start();
        } catch (RejectedExecutionException e) {
            // stopping; a poll that threw would cancel every later one, so it never throws
        } catch (RuntimeException e) {
            LOG.warn("event log: poll failed: {}", e.toString());
        }
    }
}
