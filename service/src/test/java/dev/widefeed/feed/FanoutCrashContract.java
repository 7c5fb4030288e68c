package dev.widefeed.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeRules;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.ChildJvm;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * kill -9 a process midway through a large fan-out, start another worker, and check that every
 * follower has the post exactly once. It runs on every {@link TestBackend}.
 */
@BackendContract
@Tag(Tiers.SLOW)
public class FanoutCrashContract {
    private static final int FOLLOWERS = 20_000;
    /** Small pages, so the fan-out is still under way when the process is killed. */
    static final FeedRules RULES = new FeedRules(
            new FanoutRules(
                    100_000, List.of(new FanoutRules.Tier("active", Duration.ofDays(14), Duration.ofMinutes(1)))),
            new HomeRules(
                    800,
                    Duration.ofDays(1),
                    Duration.ofDays(14),
                    200,
                    20,
                    Duration.ofMinutes(1),
                    Duration.ofHours(1),
                    Duration.ofHours(6)),
            100);

    static final int SHARDS = 2;

    private final TestBackend backend;

    FanoutCrashContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    static EventLogJob job(Storage storage, Features services, String owner) {
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        1_000_000,
                        Duration.ofMillis(50),
                        Duration.ofMillis(250),
                        Duration.ofSeconds(3),
                        Duration.ofMinutes(10),
                        owner),
                Clock.systemUTC(),
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        return job;
    }

    @Test
    void aFanoutKilledMidwayIsResumedAndNobodyMissesThePostOrGetsItTwice() throws Exception {
        IdGenerator ids = TestStorages.ids();
        long author = ids.next();
        Instant base = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MILLIS);
        storage().users().create(new User(author, "crashy", base));
        List<Long> fans = new ArrayList<>(FOLLOWERS);
        List<FollowEdge> edges = new ArrayList<>(FOLLOWERS);
        Map<Long, HomeState> active = new HashMap<>();
        for (int i = 0; i < FOLLOWERS; i++) {
            long fan = ids.next();
            fans.add(fan);
            edges.add(FollowEdge.absent(fan, author).next(true, base.plusMillis(i)));
            active.put(fan, new HomeState(base, 0, base, base));
        }
        storage().relations().importEdges(edges);
        storage().timelines().importStates(active);
        fans.parallelStream().forEach(fan -> storage().relations().shareActivity(fan, base));

        Features services = new Features(
                storage(),
                InstanceSettings.of(ids, Clock.systemUTC()).withFeed(RULES).withLogShards(SHARDS));
        long postId = services.posts
                .posts()
                .create(author, "survives a crash", null)
                .post()
                .id();

        Process worker = startWorkerProcess();
        try {
            FanoutProgress before = progressOnce(postId, p -> p.pushed() >= 2_000, Duration.ofSeconds(120));
            assertThat(before.done()).as("still under way when killed").isFalse();
        } finally {
            worker.destroyForcibly(); // SIGKILL: no shutdown hook, no lease released, a page maybe half pushed
            worker.waitFor(30, TimeUnit.SECONDS);
        }
        FanoutProgress killed =
                storage().fanout().progress(postId, FanoutKind.DELIVER).orElseThrow();
        assertThat(killed.done()).isFalse();

        EventLogJob resumed = job(storage(), services, "resuming-worker");
        resumed.start(); // the killed worker's lease expires after 3 s; then this one takes the shard
        try {
            FanoutProgress done = progressOnce(postId, FanoutProgress::done, Duration.ofSeconds(120));
            assertThat(done.pushed())
                    .as("a re-pushed page may count twice, never more")
                    .isBetween((long) FOLLOWERS + 1, (long) FOLLOWERS + 1 + RULES.pageSize());
        } finally {
            resumed.stop();
        }
        List<Long> wrong = fans.parallelStream()
                .filter(fan -> storage().timelines().home(fan, Optional.empty(), 10).stream()
                                .filter(e -> e.postId() == postId)
                                .count()
                        != 1)
                .toList();
        assertThat(wrong).as("followers without the post exactly once").isEmpty();
    }

    /** The fan-out's checkpoint once {@code condition} holds of it, polled every 20 ms. */
    private FanoutProgress progressOnce(long postId, Predicate<FanoutProgress> condition, Duration timeout) {
        return await("fan-out of " + postId)
                .atMost(timeout)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> storage().fanout().progress(postId, FanoutKind.DELIVER),
                        p -> p.isPresent() && condition.test(p.get()))
                .orElseThrow();
    }

    private Process startWorkerProcess() throws Exception {
        return ChildJvm.start(FanoutProcess.class, backend.name(), "fanout-process-" + backend.id() + ".log");
    }
}
