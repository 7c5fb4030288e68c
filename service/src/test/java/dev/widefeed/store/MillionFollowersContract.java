package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.home.HomeTimelineService;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FanoutRules;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A celebrity with 250,000 followers in the suite, 1,000,000 by the full-size command of docs/TESTING.md (system
 * property {@code widefeed.test.followers}); importing them is most of the test's time. Built through the store
 * interface in bulk, then listed completely, page by page, every follower exactly once, newest first; and no partition
 * or row of the backend holds more than ~100k of them, which 250,000 crosses twice over. Then the celebrity posts, and
 * the post reaches every active follower by push and the rest by pull.
 */
@BackendContract
@Isolated(
        "it writes a 250,000-follower account in bulk, which loads the store so that other classes' calls time out beside it")
@Tag(Tiers.SLOW)
public class MillionFollowersContract {
    private static final Logger LOG = LoggerFactory.getLogger(MillionFollowersContract.class);
    private static final int FOLLOWERS = Integer.getInteger("widefeed.test.followers", 250_000);
    private static final int IMPORT_CHUNK = 20_000;
    private static final int PAGE = 1_000;

    private final TestBackend backend;

    MillionFollowersContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    @Test
    void aMillionFollowersPageCompletelyInBoundedPartitions() {
        IdGenerator ids = TestStorages.ids();
        long star = ids.next();
        Instant base = Instant.now().minusSeconds(86_400).truncatedTo(ChronoUnit.MILLIS);
        storage().users().create(new User(star, "celebrity", base));

        long[] fans = new long[FOLLOWERS];
        long started = System.nanoTime();
        List<FollowEdge> chunk = new ArrayList<>(IMPORT_CHUNK);
        for (int i = 0; i < FOLLOWERS; i++) {
            fans[i] = ids.next();
            chunk.add(FollowEdge.absent(fans[i], star).next(true, base.plusMillis(i / 4))); // ties of 4
            if (chunk.size() == IMPORT_CHUNK || i == FOLLOWERS - 1) {
                storage().relations().importEdges(chunk);
                chunk.clear();
            }
        }
        double importSeconds = (System.nanoTime() - started) / 1e9;
        LOG.info(
                "{}: imported {} follow edges in {} s ({} edges/s)",
                storage().backend(),
                FOLLOWERS,
                String.format("%.1f", importSeconds),
                Math.round(FOLLOWERS / importSeconds));
        assertThat(storage().users().counts(star).followers()).isEqualTo(FOLLOWERS);

        Arrays.sort(fans);
        BitSet seen = new BitSet(FOLLOWERS);
        int listed = 0;
        Follow previous = null;
        Optional<FollowCursor> after = Optional.empty();
        started = System.nanoTime();
        while (true) {
            List<Follow> page = storage().relations().followers(star, after, PAGE);
            for (Follow follow : page) {
                int index = Arrays.binarySearch(fans, follow.userId());
                assertThat(index)
                        .as("a listed follower is one of the imported fans")
                        .isNotNegative();
                assertThat(seen.get(index))
                        .as("follower %d listed twice", follow.userId())
                        .isFalse();
                seen.set(index);
                if (previous != null) {
                    assertThat(newerFirst(previous, follow)).as("newest first").isTrue();
                }
                previous = follow;
            }
            listed += page.size();
            if (page.size() < PAGE) {
                break;
            }
            after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
        }
        double pageSeconds = (System.nanoTime() - started) / 1e9;
        LOG.info(
                "{}: listed {} followers in pages of {} in {} s",
                storage().backend(),
                listed,
                PAGE,
                String.format("%.1f", pageSeconds));
        assertThat(listed).isEqualTo(FOLLOWERS);
        assertThat(seen.cardinality()).isEqualTo(FOLLOWERS);
        assertThat(backend.internals().largestFollowerPartition(star)).isLessThanOrEqualTo(110_000);

        aPostReachesEveryActiveFollowerByPushAndEveryOtherByPull(star, fans);
    }

    /**
     * One in ten followers read recently; the celebrity posts. The request returns without waiting
     * for delivery; the fan-out (hybrid: tiers, most active first) pushes to exactly the active ones
     * plus the author; a sample of the others finds the post in their home timeline by pull, once.
     */
    private void aPostReachesEveryActiveFollowerByPushAndEveryOtherByPull(long star, long[] fans) {
        Instant recently = Instant.now().minusSeconds(3_600);
        Map<Long, HomeState> active = new HashMap<>();
        int activeCount = 0;
        // Each share is two round trips: many in flight at once (a parallel stream gets one thread on two cores).
        ExecutorService sharing = Executors.newFixedThreadPool(32);
        try {
            for (int i = 0; i < fans.length; i++) {
                if (i % 10 == 0) {
                    active.put(fans[i], new HomeState(recently, 0, recently, recently));
                    activeCount++;
                }
                if (active.size() == IMPORT_CHUNK || i == fans.length - 1) {
                    storage().timelines().importStates(active);
                    CompletableFuture.allOf(active.keySet().stream()
                                    .map(fan -> CompletableFuture.runAsync(
                                            () -> storage().relations().shareActivity(fan, recently), sharing))
                                    .toArray(CompletableFuture[]::new))
                            .join();
                    active.clear();
                }
            }
        } finally {
            sharing.shutdown();
        }
        Clock clock = Clock.systemUTC();
        FeedRules rules = new FeedFactory().rules(); // the service's defaults
        int shards = new EventLogFactory().shards;
        Features services = new Features(
                storage(),
                InstanceSettings.of(TestStorages.ids(), clock).withFeed(rules).withLogShards(shards));
        EventLogJob job = new EventLogJob(
                storage().eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        shards,
                        2,
                        20,
                        Duration.ofMillis(100),
                        Duration.ofMillis(500),
                        Duration.ofSeconds(30),
                        Duration.ofMinutes(10),
                        "million-" + storage().backend()),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
        try {
            long requestStart = System.nanoTime();
            long postId = services.posts
                    .posts()
                    .create(star, "hello, all million of you", null)
                    .post()
                    .id();
            double requestMillis = (System.nanoTime() - requestStart) / 1e6;
            Optional<FanoutProgress> atReturn = storage().fanout().progress(postId, FanoutKind.DELIVER);
            assertThat(atReturn.map(FanoutProgress::done))
                    .as("the request did not wait for delivery")
                    .isNotEqualTo(Optional.of(true));

            FanoutProgress done = await("the fan-out finished")
                    .atMost(Duration.ofMinutes(15))
                    .pollInterval(Duration.ofMillis(500))
                    .until(
                            () -> storage().fanout().progress(postId, FanoutKind.DELIVER),
                            p -> p.isPresent() && p.get().done())
                    .orElseThrow();
            double seconds =
                    Duration.between(done.createdAt(), done.finishedAt().orElseThrow())
                                    .toMillis()
                            / 1e3;
            LOG.info(
                    "{}: post request {} ms; fan-out {} of {} followers: {} pushed, {} skipped inactive, done in {} s "
                            + "({} rows/s); tiers {}",
                    storage().backend(),
                    String.format("%.1f", requestMillis),
                    done.mode(),
                    done.followers(),
                    done.pushed(),
                    done.skippedInactive(),
                    String.format("%.1f", seconds),
                    Math.round(done.pushed() / seconds),
                    done.tiers());
            assertThat(done.mode()).isEqualTo(FanoutRules.HYBRID);
            assertThat(done.pushed())
                    .as("every active follower and the author, once")
                    .isEqualTo(activeCount + 1);
            assertThat(done.skippedInactive()).isEqualTo(FOLLOWERS - activeCount);

            Random random = new Random(7);
            HomeTimelineService home = services.feed.home();
            for (int n = 0; n < 500; n++) {
                int i = random.nextInt(fans.length);
                long fan = fans[i];
                long inInbox = storage().timelines().home(fan, Optional.empty(), 10).stream()
                        .filter(e -> e.postId() == postId)
                        .count();
                assertThat(inInbox)
                        .as("pushed to follower %d (active: %s)", fan, i % 10 == 0)
                        .isEqualTo(i % 10 == 0 ? 1 : 0);
                assertThat(home.home(fan, fan, Optional.empty(), 5).items().stream()
                                .filter(d -> d.post().id() == postId)
                                .count())
                        .as("home of %d", fan)
                        .isEqualTo(1);
            }
        } finally {
            try {
                job.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean newerFirst(Follow a, Follow b) {
        int bySince = a.since().compareTo(b.since());
        return bySince > 0 || (bySince == 0 && a.userId() > b.userId());
    }
}
