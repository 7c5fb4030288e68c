package dev.widefeed.perf;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.notification.Notification;
import dev.widefeed.notification.NotificationKind;
import dev.widefeed.notification.NotificationRules;
import dev.widefeed.notification.StoredGroup;
import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.NotificationsResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.scenario.CeilingScenario;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The {@code notifications} scenario: one post liked by {@code likes} distinct users, as fast as {@code threads}
 * closed-loop likers get through the service (the store's pace), in one run with the store's counter ceiling (a
 * like moves a counter, and notifications are the next write a like makes). While the likes come in, the author
 * reads their notification page and their home page in turn; the notification page should stay under the home
 * page's p99. At the end the author's notifications must hold the exact count in one row per window.
 */
final class NotificationThroughput {
    /** Apart from the other perf id workers (1000-1005), so ids never collide in a shared store. */
    private static final int ID_WORKER = 1006;

    private static final int FOLLOWED = 20;
    private static final int POSTS_EACH = 5;
    private static final int PAGE = 20;

    private NotificationThroughput() {}

    static NotificationsResult run(Storage storage, int likes, int threads, Path runDirectory, PrintStream out)
            throws InterruptedException, IOException {
        IdGenerator ids = new IdGenerator(ID_WORKER);
        Clock clock = Clock.systemUTC();
        CeilingResult.Operation ceiling = CeilingScenario.counter(
                storage, new CeilingScenario.Settings(threads, Duration.ofSeconds(5), Duration.ofSeconds(15)));
        out.printf("counter ceiling: %,.0f updates/s (%d threads)%n", ceiling.opsPerSecond(), threads);

        ExecutorService reads = Executors.newFixedThreadPool(32);
        int shards = new EventLogFactory().shards;
        Features services = new Features(
                storage, InstanceSettings.of(ids, clock).withLogShards(shards).withPageReads(reads));
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        shards,
                        2,
                        5,
                        Duration.ofMillis(100),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(30),
                        Duration.ofMinutes(10),
                        "perf-notifications"),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", 2),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
        ExecutorService likers = Executors.newFixedThreadPool(threads);
        try {
            long author =
                    services.graph.users().create("viral", Optional.empty()).id();
            long postId = services.posts
                    .posts()
                    .create(author, "going viral", null)
                    .post()
                    .id();
            // A home page worth reading: the author follows a few authors with a few posts each.
            for (int a = 0; a < FOLLOWED; a++) {
                long followed = services.graph
                        .users()
                        .create("friend", Optional.empty())
                        .id();
                services.graph.follows().follow(author, followed);
                for (int p = 0; p < POSTS_EACH; p++) {
                    services.posts.posts().create(followed, "post " + p, null);
                }
            }
            services.feed.home().home(author, author, Optional.empty(), PAGE); // the reader comes back: inbox rebuilt

            Histogram notificationPage = new Histogram(60_000_000L, 3);
            Histogram homePage = new Histogram(60_000_000L, 3);
            AtomicBoolean liking = new AtomicBoolean(true);
            Thread reader = new Thread(
                    () -> {
                        while (liking.get()) {
                            long start = System.nanoTime();
                            services.notifications.notifications().page(author, author, Optional.empty(), PAGE);
                            notificationPage.recordValue(Math.max(1, (System.nanoTime() - start) / 1000));
                            start = System.nanoTime();
                            services.feed.home().home(author, author, Optional.empty(), PAGE);
                            homePage.recordValue(Math.max(1, (System.nanoTime() - start) / 1000));
                        }
                    },
                    "author-reads");

            AtomicLong done = new AtomicLong();
            long first = ids.next();
            Instant start = Instant.now();
            reader.start();
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(likers.submit(() -> {
                    for (long i = thread; i < likes; i += threads) {
                        services.likes.likes().like(first + 1 + i, postId); // distinct likers, none of them the author
                        long n = done.incrementAndGet();
                        if (n % 10_000 == 0) {
                            out.printf("\r%,d / %,d likes", n, likes);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            Instant lastLike = Instant.now();
            liking.set(false);
            reader.join();
            double seconds = Duration.between(start, lastLike).toMillis() / 1e3;
            double rate = likes / seconds;
            out.printf(
                    "%n%,d likes in %.1f s = %,.0f likes/s; over the counter ceiling: %.2f%n",
                    likes, seconds, rate, rate / ceiling.opsPerSecond());

            long counted = 0;
            while (counted < likes) {
                Thread.sleep(100);
                counted = likesCounted(storage, author, postId);
            }
            double lag = Duration.between(lastLike, Instant.now()).toMillis() / 1e3;
            List<StoredGroup> rows = groups(storage, author);
            out.printf(
                    "all %,d likes counted %.1f s after the last; the author's notifications: %d row(s)%n",
                    counted, lag, rows.size());
            LatencySummary notifications = LatencySummary.ofMicros(notificationPage);
            LatencySummary home = LatencySummary.ofMicros(homePage);
            out.printf(
                    "while the likes came in: notification page p50 %.1f ms p99 %.1f ms (%,d reads); home page "
                            + "p50 %.1f ms p99 %.1f ms; notification p99 over home p99: %.2f%n",
                    notifications.p50Ms(),
                    notifications.p99Ms(),
                    notifications.count(),
                    home.p50Ms(),
                    home.p99Ms(),
                    notifications.p99Ms() / home.p99Ms());
            NotificationsResult result = new NotificationsResult(
                    storage.backend(),
                    likes,
                    rate,
                    ceiling.opsPerSecond(),
                    rate / ceiling.opsPerSecond(),
                    lag,
                    rows.size(),
                    counted,
                    notifications,
                    home);
            Results.write(runDirectory, Results.NOTIFICATIONS, result);
            return result;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("a like failed", e.getCause());
        } finally {
            likers.shutdownNow();
            job.stop();
            reads.shutdownNow();
        }
    }

    private static List<StoredGroup> groups(Storage storage, long author) {
        Instant now = Instant.now();
        NotificationRules rules = NotificationRules.DEFAULT;
        return storage.notifications().groups(author, rules.top(now), rules.oldestWindow(now), 1_000);
    }

    private static long likesCounted(Storage storage, long author, long postId) {
        return groups(storage, author).stream()
                .filter(g -> g.key().kind() == NotificationKind.LIKE && g.key().targetId() == postId)
                .mapToLong(g -> Notification.of(g).count())
                .sum();
    }
}
