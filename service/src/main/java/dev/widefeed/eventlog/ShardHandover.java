package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands what this instance holds over when its job stops: the hints it took go to the store, the leases back, so
 * another instance resumes at once instead of after their ttl. It is a courtesy, so it gets a few seconds on the
 * release thread: a store that is down (or stopping with the process) must not hold up the shutdown; the leases then
 * simply expire.
 */
final class ShardHandover {
    private static final Logger LOG = LoggerFactory.getLogger(ShardHandover.class);
    private static final Duration RELEASE_WAIT = Duration.ofSeconds(3);

    private final Executor releaser;
    private final HeldHints hints;
    private final ShardLeases leases;
    private final Clock clock;

    ShardHandover(Executor releaser, HeldHints hints, ShardLeases leases, Clock clock) {
        this.releaser = releaser;
        this.hints = hints;
        this.leases = leases;
        this.clock = clock;
    }

    /** Hands everything over, waiting {@code RELEASE_WAIT} at most. */
    void run() throws InterruptedException {
        CompletableFuture<Void> handedOver;
        try {
            handedOver = CompletableFuture.runAsync(this::handOver, releaser);
        } catch (RejectedExecutionException e) {
            LOG.debug("event log: no release thread; the leases expire: {}", e.toString());
            return;
        }
        try {
            handedOver.get(RELEASE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.debug("event log: the leases not given back in time expire: {}", e.toString());
        }
    }

    private void handOver() {
        hints.handOverAll(EventLog.slotOf(clock.instant()));
        leases.releaseAll();
    }
}
