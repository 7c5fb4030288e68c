package dev.widefeed.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.ChildJvm;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A viral post: its likes by distinct users (5,000 in the suite; the full-size command of docs/TESTING.md runs
 * 100,000) leave its author one group per window with the exact count, and a worker killed with SIGKILL while likes
 * are pending loses and doubles none. It runs on every {@link TestBackend}.
 */
@BackendContract
@Isolated("it bounds the counter updates a burst of likes costs, a figure other classes' load on the store would move")
@Tag(Tiers.SLOW)
public class ViralPostContract {
    /**
     * Taking the likes is most of the test's time: 110 to 400 a second on Cassandra here, 275 on HBase, depending on
     * the machine's day. 5,000 still spread over every shard many times over.
     */
    private static final int LIKES = Integer.getInteger("widefeed.test.viral.likes", 5_000);
    /**
     * More shards than the other tests' logs have (they work shards 0..3), and the post is one whose entries land past
     * them ({@link #postOutsideTheSharedShards}): what this test leaves in the log for its last minute is nobody
     * else's to read again.
     */
    static final int SHARDS = 16;

    private static final int SHARED_SHARDS = 4;
    /** The handler's clock runs this far ahead, so guard entries are due at once and the test need not wait. */
    static final Duration AHEAD = Duration.ofMinutes(5);

    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    ViralPostContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    /** The services that take the likes: the real clock, no job of their own. */
    private Features writer() {
        return new Features(
                storage(),
                InstanceSettings.of(ids, Clock.systemUTC())
                        .withFeed(NotificationContract.FEED)
                        .withLogShards(SHARDS));
    }

    /** The services a notification worker runs on: truth read 32 at a time, the clock {@link #AHEAD}. */
    static Features worker(Storage storage, ExecutorService reads) {
        return new Features(
                storage,
                InstanceSettings.of(TestStorages.ids(), Clock.offset(Clock.systemUTC(), AHEAD))
                        .withFeed(NotificationContract.FEED)
                        .withLogShards(SHARDS)
                        .withPageReads(reads));
    }

    /** The job keeps the real clock: the watermarks it saves are the shared log's. */
    static EventLogJob job(Storage storage, Features services, String owner) {
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        5,
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

    private long likes(long author, long postId) {
        return storage()
                .notifications()
                .groups(
                        author,
                        new NotificationCursor(Instant.now().plus(AHEAD), 0, 0),
                        Instant.now().minus(Duration.ofDays(1)),
                        100)
                .stream()
                .filter(g -> g.key().kind() == NotificationKind.LIKE && g.key().targetId() == postId)
                .mapToLong(g -> Notification.of(g).count())
                .sum();
    }

    /** A post of the author's whose log entries go to a shard the other tests' jobs never work. */
    private long postOutsideTheSharedShards(Features writer, long author) {
        EventLog log = new EventLog(storage().eventLog(), SHARDS, Clock.systemUTC());
        while (true) {
            long postId = writer.posts
                    .posts()
                    .create(author, "going viral", null)
                    .post()
                    .id();
            if (log.shardOf(postId) >= SHARED_SHARDS) {
                return postId;
            }
        }
    }

    /** Every like, from 32 threads at once. */
    private void likeAll(Features writer, long postId, List<Long> fans) throws Exception {
        ExecutorService likers = Executors.newFixedThreadPool(32);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (long fan : fans) {
                done.add(likers.submit(() -> writer.likes.likes().like(fan, postId)));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            likers.shutdown();
        }
    }

    private void awaitLikes(long author, long postId, long expected, Duration timeout) {
        await().atMost(timeout)
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() ->
                        assertThat(likes(author, postId)).as("likes counted").isEqualTo(expected));
    }

    /**
     * Waits until the job has no entry pending in the post's shard. Not its whole backlog: the shared shards hold
     * other tests' entries, some of kinds this job has no handler for, which stay pending for good.
     */
    private void awaitShardWorked(EventLogJob job, long postId, Duration timeout) {
        int shard = new EventLog(storage().eventLog(), SHARDS, Clock.systemUTC()).shardOf(postId);
        await("entries pending in shard " + shard)
                .atMost(timeout)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> job.backlog(shard) == 0);
    }

    @Test
    void aViralPostsLikesAreOneGroupPerWindowWithTheExactCount() throws Exception {
        Features writer = writer();
        long author = writer.graph.users().create("viral", Optional.empty()).id();
        long postId = postOutsideTheSharedShards(writer, author);
        List<Long> fans =
                LongStream.range(0, LIKES).map(i -> ids.next()).boxed().toList();
        ExecutorService reads = Executors.newFixedThreadPool(32);
        AtomicLong groupWrites = new AtomicLong();
        Storage counting = countingGroupWrites(storage(), groupWrites);
        EventLogJob job = job(counting, worker(counting, reads), "viral-worker");
        job.start();
        try {
            Instant from = Instant.now();
            likeAll(writer, postId, fans);
            Instant to = Instant.now();
            awaitLikes(author, postId, fans.size(), Duration.ofMinutes(10));
            Instant counted = Instant.now();
            System.out.printf(
                    "%s: %,d likes taken in %.1f s (%.0f/s); all counted %.1f s after the last%n",
                    backend.id(),
                    fans.size(),
                    Duration.between(from, to).toMillis() / 1000.0,
                    fans.size() * 1000.0 / Duration.between(from, to).toMillis(),
                    Duration.between(to, counted).toMillis() / 1000.0);
            // Every entry worked, guards included (they are due at once here): the count still exact.
            awaitShardWorked(job, postId, Duration.ofMinutes(5));
            assertThat(likes(author, postId)).isEqualTo(fans.size());

            // The post's like counter: one update per post per interval, however many likes came in it, and exact
            // after a recount at the lull. The service's own recounts are not enough here: the worker's clock is
            // ahead, so it takes each minute's marks before that minute is over, and a mark made later in the minute
            // (an update that landed late) is the entry already worked; in the service it comes before its recount.
            writer.posts.counts().flush();
            long drift = storage().posts().counts(postId).likes() - fans.size();
            writer.likes.likes().reconcile(postId);
            assertThat(storage().posts().counts(postId).likes()).isEqualTo(fans.size());
            System.out.printf(
                    "%s: %,d likes made %,d counter updates; the counter was %+d off before its recount%n",
                    backend.id(), fans.size(), writer.posts.counts().updates(), drift);
            assertThat(writer.posts.counts().updates()).as("counter updates").isLessThan(fans.size() / 4);

            List<StoredGroup> groups = storage()
                    .notifications()
                    .groups(
                            author,
                            new NotificationCursor(Instant.now().plus(AHEAD), 0, 0),
                            Instant.now().minus(Duration.ofDays(1)),
                            100);
            NotificationRules rules = NotificationRules.DEFAULT;
            long windows =
                    Duration.between(rules.windowOf(from), rules.windowOf(to)).toHours() + 1;
            assertThat(groups)
                    .as("the author's rows: one group per window of the likes")
                    .hasSize((int) windows);
            assertThat(groups).allSatisfy(g -> {
                assertThat(g.key().kind()).isEqualTo(NotificationKind.LIKE);
                assertThat(g.parts())
                        .as("one share per event log shard at most")
                        .hasSizeLessThanOrEqualTo(SHARDS);
                assertThat(Notification.of(g).newest()).hasSize(GroupPart.NEWEST);
                assertThat(g.tallies())
                        .as("a tally per minute of the window, per tenure that counted it")
                        .hasSizeLessThanOrEqualTo(60);
                assertThat(g.named()).hasSizeLessThanOrEqualTo(TalliedGroups.NAMED);
            });
            System.out.printf("%s: %,d likes made %,d group writes%n", backend.id(), fans.size(), groupWrites.get());
            assertThat(groupWrites.get()).as("group writes").isLessThan(fans.size() / 10);
        } finally {
            job.stop();
            reads.shutdown();
        }
    }

    @Test
    void aWorkerKilledMidwayLosesNoLikeAndCountsNoneTwice() throws Exception {
        Features writer = writer();
        long author = writer.graph.users().create("crashy", Optional.empty()).id();
        long postId = postOutsideTheSharedShards(writer, author);
        List<Long> fans =
                LongStream.range(0, 6_000).map(i -> ids.next()).boxed().toList();
        likeAll(writer, postId, fans); // nobody works the log yet: every like is pending

        Process worker = startWorkerProcess();
        try {
            await("the worker process counts some likes")
                    .atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(10))
                    .until(() -> likes(author, postId) != 0);
        } finally {
            worker.destroyForcibly(); // SIGKILL: no lease given back, a chunk maybe half written
            worker.waitFor(30, TimeUnit.SECONDS);
        }
        long atKill = likes(author, postId);
        // A minute's likes are counted at once from the post's likers when the worker first touches it, so the kill
        // may come after the count is whole: what is checked is the count after the next worker, never off.
        System.out.printf("%s: %,d of %,d likes counted at the kill%n", backend.id(), atKill, fans.size());
        assertThat(atKill).isLessThanOrEqualTo(fans.size());

        ExecutorService reads = Executors.newFixedThreadPool(32);
        EventLogJob resumed = job(storage(), worker(storage(), reads), "resuming-worker");
        resumed.start(); // the killed worker's leases expire after 3 s; then this one takes the shards
        try {
            awaitLikes(author, postId, fans.size(), Duration.ofMinutes(3));
            awaitShardWorked(resumed, postId, Duration.ofMinutes(2));
            assertThat(likes(author, postId)).isEqualTo(fans.size());
        } finally {
            resumed.stop();
            reads.shutdown();
        }
    }

    private Process startWorkerProcess() throws Exception {
        return ChildJvm.start(
                NotificationProcess.class, backend.name(), "notification-process-" + backend.id() + ".log");
    }

    /** The storage, counting the group writes its notification store is asked for (one per group a pass touched). */
    private static Storage countingGroupWrites(Storage storage, AtomicLong writes) {
        NotificationStore real = storage.notifications();
        NotificationStore counting = (NotificationStore) Proxy.newProxyInstance(
                NotificationStore.class.getClassLoader(),
                new Class<?>[] {NotificationStore.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("writeTallies")) {
                        writes.addAndGet(((java.util.Collection<?>) args[0]).size());
                    } else if (m.getName().equals("compareAndSetPart")) {
                        writes.incrementAndGet();
                    }
                    try {
                        return m.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return storage.decorated(new dev.widefeed.store.Stores.Decorator() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T wrap(Class<T> type, T store) {
                return type == NotificationStore.class ? (T) counting : store;
            }
        });
    }
}
