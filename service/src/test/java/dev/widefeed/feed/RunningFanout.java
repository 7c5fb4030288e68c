package dev.widefeed.feed;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.Services;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.store.Storage;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/** The event log's job as the feed tests run it beside their services (fast polling), and waiting for its work. */
final class RunningFanout {
    private RunningFanout() {
    }

    static EventLogJob start(Storage storage, Services services, int shards, Clock clock) {
        EventLogJob job = new EventLogJob(storage.eventLog(), services.logHandlers(), new EventLogJob.Settings(shards,
                2, 5, Duration.ofMillis(50), Duration.ofMillis(250), Duration.ofSeconds(5), Duration.ofMinutes(10),
                "test-" + UUID.randomUUID()), clock, new MetricRegistry());
        job.serve(services.eventLog());
        job.start();
        return job;
    }

    /** The task's checkpoint once it is done; fails the test after a minute. */
    static FanoutProgress awaitDone(Storage storage, long postId, FanoutKind kind) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<FanoutProgress> progress = storage.fanout().progress(postId, kind);
            if (progress.isPresent() && progress.get().done()) {
                return progress.get();
            }
            sleep(50);
        }
        throw new AssertionError("fan-out of " + postId + " (" + kind + ") did not finish in 60 s");
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
