package dev.widefeed.feed;

import static org.awaitility.Awaitility.await;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.composition.Features;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.store.Storage;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/** The event log's job as the feed tests run it beside their services (fast polling), and waiting for its work. */
final class RunningFanout {
    private RunningFanout() {}

    static EventLogJob start(Storage storage, Features services, int shards, Clock clock) {
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        shards,
                        2,
                        5,
                        Duration.ofMillis(50),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(10),
                        "test-" + UUID.randomUUID()),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
        return job;
    }

    /** The task's checkpoint once it is done; fails the test after a minute. */
    static FanoutProgress awaitDone(Storage storage, long postId, FanoutKind kind) {
        return await("fan-out of " + postId + " (" + kind + ") done")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> storage.fanout().progress(postId, kind),
                        p -> p.isPresent() && p.get().done())
                .orElseThrow();
    }
}
