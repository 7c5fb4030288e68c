package dev.widefeed.perf.scenario;

import dev.widefeed.composition.Features;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.perf.replay.FanoutDelays;
import dev.widefeed.perf.replay.OpenLoopReplayer;
import dev.widefeed.perf.replay.ServiceTarget;
import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.HdrHistogram.Histogram;

/**
 * A post by the workload's biggest celebrity on top of background load, in one run with the store's raw insert
 * ceiling: how long delivery takes per tier, how fast it writes against what the store can write, what it does
 * to the background's latency, and what the post request itself costs next to a 10-follower author's.
 *
 * <p>Order: the insert ceiling (closed loop, nothing else running); background alone for {@code before}; then,
 * with the background still offered, a few 10-follower posts, the celebrity's post, and the background measured
 * again for {@code during} while the fan-out runs; the completion curve is sampled until it is done, and
 * sampled active followers' home pages are read until they show the post ({@link ReachProbe}).
 */
public final class CelebrityScenario {
    private static final Duration SAMPLE = Duration.ofMillis(500);
    private static final int SMALL_AUTHOR_FOLLOWERS = 10;
    /** Post requests timed per author: the celebrity's and the small author's p99 are compared. */
    private static final int POSTS_EACH = 200;
    /** Active followers whose home pages are read until they show the post, and the threads reading them. */
    private static final int REACH_SAMPLE = 100;

    private static final int REACH_THREADS = 8;
    /**
     * The sampled followers read through a second instance of the service (no fan-out job of its own): most
     * readers are on another instance than the author's, whose cache of a pulled author's posts learns of the
     * post only at its next refresh.
     */
    private static final ServiceTarget.Settings READER_INSTANCE = new ServiceTarget.Settings(1, 0, false, 0);
    /** Readers within the first fan-out tier's window: the ones the product promises a fast delivery. */
    private static final Duration REACH_ACTIVE = Duration.ofDays(1);

    /**
     * @param backgroundRate events per second of the workload's mix offered around the post
     * @param before         background measured alone
     * @param during         background measured from the post on
     * @param deliveryWait   how long to wait for the fan-out to finish before giving up
     */
    public record Settings(double backgroundRate, Duration before, Duration during, Duration deliveryWait) {}

    /** The raw insert rate to compare the fan-out with, measured by the caller on the same store. */
    @FunctionalInterface
    public interface InsertCeiling {
        double rowsPerSecond() throws InterruptedException;
    }

    private CelebrityScenario() {}

    public static CelebrityResult run(
            Storage storage,
            WorkloadReader workload,
            InsertCeiling ceiling,
            Settings settings,
            Path runDirectory,
            PrintStream out)
            throws IOException, InterruptedException {
        int[] celebrities = workload.celebrityFollowers();
        if (celebrities.length == 0) {
            throw new IllegalArgumentException("the workload has no celebrity; generate one with --celebrities");
        }
        int celebrity = 0;
        for (int i = 1; i < celebrities.length; i++) {
            celebrity = celebrities[i] > celebrities[celebrity] ? i : celebrity;
        }
        int smallAuthor = authorWith(workload, SMALL_AUTHOR_FOLLOWERS, celebrities.length);
        UserIds users = UserIds.forSeed(workload.seed());
        long celebrityId = users.id(celebrity);
        long smallAuthorId = users.id(smallAuthor);
        out.printf(
                "celebrity: user %d with %,d followers; small author: user %d with %d followers%n",
                celebrity, celebrities[celebrity], smallAuthor, SMALL_AUTHOR_FOLLOWERS);

        double ceilingRate = ceiling.rowsPerSecond();
        out.printf("celebrity: insert ceiling %,.0f rows/s%n", ceilingRate);

        try (ServiceTarget target = ServiceTarget.open(storage, users, ServiceTarget.Settings.DEFAULT);
                ServiceTarget readers = ServiceTarget.open(storage, users, READER_INSTANCE);
                WorkloadReader.EventStream events = workload.events()) {
            Features services = target.services();
            OpenLoopReplayer.Settings background =
                    OpenLoopReplayer.Settings.at(settings.backgroundRate(), workload.eventsPerSecond());
            ReplayResult before = new OpenLoopReplayer(
                            background
                                    .withMaxDuration(settings.before())
                                    .withHdrLog(runDirectory.resolve("hdr"), "celebrity-before"),
                            out)
                    .run(storage.backend(), target, events);

            CompletableFuture<ReplayResult> duringRun = CompletableFuture.supplyAsync(() -> replay(
                    new OpenLoopReplayer(
                            background
                                    .withMaxDuration(settings.during())
                                    .withHdrLog(runDirectory.resolve("hdr"), "celebrity-during"),
                            out),
                    storage.backend(),
                    target,
                    events));
            // Posts of both authors, taking turns, so both meet the same background; the celebrity's last
            // one is the post whose delivery is followed.
            Histogram smallPosts = new Histogram(3);
            Histogram celebrityPosts = new Histogram(3);
            for (int i = 0; i < POSTS_EACH - 1; i++) {
                timed(smallPosts, () -> services.posts.posts().create(smallAuthorId, "a post to ten followers", null));
                timed(celebrityPosts, () -> services.posts.posts().create(celebrityId, "a post for everyone", null));
            }
            timed(smallPosts, () -> services.posts.posts().create(smallAuthorId, "a post to ten followers", null));
            ReachProbe probe = ReachProbe.sample(
                    storage, readers.services(), celebrityId, REACH_SAMPLE, REACH_ACTIVE, REACH_THREADS);
            long postStarted = System.nanoTime();
            long postId = services.posts
                    .posts()
                    .create(celebrityId, "a post for a million", null)
                    .post()
                    .id();
            celebrityPosts.recordValue(Math.max(1, (System.nanoTime() - postStarted) / 1000));
            CompletableFuture<CelebrityResult.Reach> reaching =
                    CompletableFuture.supplyAsync(() -> reach(probe, postId, postStarted, settings.deliveryWait()));
            double postMs = celebrityPosts.getValueAtPercentile(99) / 1000.0;
            double smallMs = smallPosts.getValueAtPercentile(99) / 1000.0;
            out.printf(
                    "celebrity: post requests p99 %.1f ms (median %.1f ms); the 10-follower author's p99 %.1f ms"
                            + " (median %.1f ms), %d each%n",
                    postMs,
                    celebrityPosts.getValueAtPercentile(50) / 1000.0,
                    smallMs,
                    smallPosts.getValueAtPercentile(50) / 1000.0,
                    POSTS_EACH);

            List<CelebrityResult.CompletionPoint> curve = new ArrayList<>();
            FanoutProgress done = follow(storage, postId, postStarted, settings.deliveryWait(), curve, out);
            ReplayResult during = join(duringRun);
            CelebrityResult.Reach reach = join(reaching);
            ReplayResult.FanoutDelay delay = FanoutDelays.delayOf(done);
            double seconds =
                    Duration.between(done.createdAt(), done.finishedAt().orElse(done.updatedAt()))
                                    .toMillis()
                            / 1e3;
            double rowsPerSecond = done.pushed() / Math.max(seconds, 1e-3);
            long active = done.tiers().stream()
                    .mapToLong(FanoutProgress.TierProgress::pushed)
                    .sum();
            CelebrityResult result = new CelebrityResult(
                    storage.backend(),
                    celebrities[celebrity],
                    active,
                    settings.backgroundRate(),
                    ceilingRate,
                    rowsPerSecond,
                    seconds,
                    postMs,
                    smallMs,
                    delay.tiers(),
                    curve,
                    before,
                    FanoutDelays.into(during, List.of(delay)),
                    reach);
            Results.write(runDirectory, Results.CELEBRITY, result);
            out.printf(
                    "celebrity: %s; %,d rows in %.1f s = %,.0f rows/s; over the insert ceiling %.2f; "
                            + "post p99 over a 10-follower author's %.2f%n",
                    done.done() ? "delivered" : "NOT done",
                    done.pushed(),
                    seconds,
                    rowsPerSecond,
                    result.fanoutOverCeiling(),
                    result.postLatencyRatio());
            delay.tiers()
                    .forEach(t -> out.printf(
                            "  tier %s: %,d rows, done %.1f s after the post%n", t.tier(), t.pushed(), t.seconds()));
            out.printf(
                    "  on %,d of %,d sampled active followers' home pages: p50 %,.0f ms, p99 %,.0f ms, max %,.0f ms"
                            + " after the post request began%n",
                    reach.reached(), reach.sampled(), reach.p50Ms(), reach.p99Ms(), reach.maxMs());
            out.printf(
                    "  background p99 (all events) before %.1f ms, during %.1f ms%n",
                    before.byKind().get("all").response().p99Ms(),
                    during.byKind().get("all").response().p99Ms());
            return result;
        }
    }

    /** The first non-celebrity user with exactly {@code followers} followers, else the nearest above it. */
    private static int authorWith(WorkloadReader workload, int followers, int celebrities) throws IOException {
        int[] best = {-1, Integer.MAX_VALUE};
        workload.users((user, count, reads, posts) -> {
            if (user >= celebrities && count >= followers && count < best[1]) {
                best[0] = user;
                best[1] = count;
            }
        });
        if (best[0] < 0) {
            throw new IllegalArgumentException("the workload has no user with " + followers + "+ followers");
        }
        return best[0];
    }

    /** Samples the post's delivery every half second until done or {@code wait} is up; the last checkpoint. */
    private static FanoutProgress follow(
            Storage storage,
            long postId,
            long postStarted,
            Duration wait,
            List<CelebrityResult.CompletionPoint> curve,
            PrintStream out)
            throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        Optional<FanoutProgress> last = Optional.empty();
        while (System.nanoTime() - until < 0) {
            last = storage.fanout().progress(postId, FanoutKind.DELIVER);
            double at = (System.nanoTime() - postStarted) / 1e9;
            long pushed = last.map(FanoutProgress::pushed).orElse(0L);
            curve.add(new CelebrityResult.CompletionPoint(at, pushed));
            out.printf("\rcelebrity: %.1f s, %,d rows delivered", at, pushed);
            if (last.map(FanoutProgress::done).orElse(false)) {
                break;
            }
            Thread.sleep(SAMPLE.toMillis());
        }
        out.println();
        return last.orElseThrow(() -> new IllegalStateException("the celebrity's post was never fanned out"));
    }

    private static void timed(Histogram micros, Runnable request) {
        long started = System.nanoTime();
        request.run();
        micros.recordValue(Math.max(1, (System.nanoTime() - started) / 1000));
    }

    private static CelebrityResult.Reach reach(ReachProbe probe, long postId, long postStarted, Duration wait) {
        try {
            return probe.measure(postId, postStarted, wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }

    private static ReplayResult replay(
            OpenLoopReplayer replayer,
            String backend,
            ServiceTarget target,
            Iterator<dev.widefeed.perf.workload.WorkloadEvent> events) {
        try {
            return replayer.run(backend, target, events);
        } catch (IOException e) {
            throw new CompletionException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        }
    }

    private static <T> T join(CompletableFuture<T> future) throws IOException {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw e;
        }
    }
}
