package dev.widefeed.perf;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.User;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.results.FanoutResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One celebrity post's fan-out through the service's own workers, against the ceiling of raw
 * single-row home timeline inserts on the same store in the same run: how much of the store's
 * insert capacity fan-out turns into delivered entries, and how long a post takes to reach every
 * active follower. The author's followers are loaded in bulk; {@code activeShare} of them read
 * recently (the rest are skipped, as in production).
 */
final class FanoutThroughput {
    private static final int CHUNK = 20_000;

    private FanoutThroughput() {}

    static FanoutResult run(
            Storage storage,
            int followers,
            double activeShare,
            int threads,
            int pageSize,
            Path runDirectory,
            PrintStream out)
            throws InterruptedException, IOException {
        IdGenerator ids = new IdGenerator(1001);
        Clock clock = Clock.systemUTC();
        long author = ids.next();
        Instant base = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
        storage.users().create(new User(author, "celebrity", base));
        long loadStart = System.nanoTime();
        int active = 0;
        List<FollowEdge> edges = new ArrayList<>(CHUNK);
        Map<Long, HomeState> states = new HashMap<>();
        Instant recently = Instant.now().minus(1, ChronoUnit.HOURS);
        List<Long> sample = new ArrayList<>();
        for (int i = 0; i < followers; i++) {
            long fan = ids.next();
            edges.add(FollowEdge.absent(fan, author).next(true, base.plusMillis(i)));
            if ((i * 0.6180339887) % 1.0 < activeShare) {
                states.put(fan, new HomeState(recently, 0, recently, recently));
                active++;
            }
            if (sample.size() < 200_000) {
                sample.add(fan);
            }
            if (edges.size() == CHUNK || i == followers - 1) {
                storage.relations().importEdges(edges);
                storage.timelines().importStates(states);
                // As a returning reader's first home read does: the read onto their follow edges.
                states.keySet().parallelStream()
                        .forEach(user -> storage.relations().shareActivity(user, recently));
                edges.clear();
                states.clear();
                out.printf("\rloaded %,d / %,d followers", i + 1, followers);
            }
        }
        out.printf(
                "%nloaded %,d followers (%,d active) in %.1f s%n",
                followers, active, (System.nanoTime() - loadStart) / 1e9);

        // The ceiling: the same single-row inserts fan-out makes, with nothing else around them. Warm up first.
        TimelineEntry probe = new TimelineEntry(ids.next(), author, 0);
        storage.timelines().push(probe, sample.subList(0, Math.min(sample.size(), 50_000)), Duration.ofHours(1));
        TimelineEntry raw = new TimelineEntry(ids.next(), author, 0);
        long rawStart = System.nanoTime();
        storage.timelines().push(raw, sample, Duration.ofHours(1));
        double rawSeconds = (System.nanoTime() - rawStart) / 1e9;
        double ceiling = sample.size() / rawSeconds;
        out.printf(
                "raw single-row inserts (ceiling): %,d rows in %.1f s = %,.0f rows/s%n",
                sample.size(), rawSeconds, ceiling);

        FeedRules defaults = new FeedFactory().rules(); // the service's defaults
        FeedRules rules = new FeedRules(defaults.fanout(), defaults.home(), pageSize);
        int shards = new EventLogFactory().shards;
        Features services = new Features(
                storage, InstanceSettings.of(ids, clock).withFeed(rules).withLogShards(shards));
        EventLogJob job = new EventLogJob(
                storage.eventLog(),
                services.log.handlers(),
                new EventLogJob.Settings(
                        shards,
                        threads,
                        1_000_000,
                        Duration.ofMillis(100),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(30),
                        Duration.ofMinutes(10),
                        "perf"),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", threads),
                services.context.threads().cached("eventlog-release"));
        job.serve(services.log.log());
        job.start();
        try {
            // The same warm-up the ceiling had: one post's fan-out first, not measured, so the measured one runs
            // on compiled code and warm store caches, as the ceiling's inserts did.
            long warmup = services.posts
                    .posts()
                    .create(author, "a warm-up post", null)
                    .post()
                    .id();
            FanoutProgress warm = awaitDone(storage, warmup, out);
            out.printf(
                    "warm-up fan-out: %,d rows pushed in %.1f s (not measured)%n",
                    warm.pushed(),
                    Duration.between(warm.createdAt(), warm.finishedAt().orElseThrow())
                                    .toMillis()
                            / 1e3);
            long requestStart = System.nanoTime();
            long postId = services.posts
                    .posts()
                    .create(author, "a post for a million", null)
                    .post()
                    .id();
            double requestMillis = (System.nanoTime() - requestStart) / 1e6;
            out.printf("post request returned in %.1f ms (delivery runs outside it)%n", requestMillis);
            FanoutProgress done = awaitDone(storage, postId, out);
            double seconds =
                    Duration.between(done.createdAt(), done.finishedAt().orElseThrow())
                                    .toMillis()
                            / 1e3;
            out.printf(
                    "fan-out: mode %s, %,d followers, %,d rows pushed, %,d skipped inactive%n",
                    done.mode(), done.followers(), done.pushed(), done.skippedInactive());
            for (FanoutProgress.TierProgress tier : done.tiers()) {
                out.printf(
                        "  tier %s: %,d pushed, started %.2f s and done %.2f s after the post%n",
                        tier.name(),
                        tier.pushed(),
                        Duration.between(done.createdAt(), tier.startedAt().orElseThrow())
                                        .toMillis()
                                / 1e3,
                        Duration.between(done.createdAt(), tier.finishedAt().orElseThrow())
                                        .toMillis()
                                / 1e3);
            }
            double rate = done.pushed() / seconds;
            double paging = Duration.between(
                                    done.tiers().get(0).startedAt().orElseThrow(),
                                    done.finishedAt().orElseThrow())
                            .toMillis()
                    / 1e3;
            double examined = followers / Math.max(paging, 1e-3);
            out.printf(
                    "time to reach every active follower: %.1f s; fan-out %,.0f rows/s; over the ceiling: %.2f%n",
                    seconds, rate, rate / ceiling);
            out.printf(
                    "followers paged through: %,d in %.2f s = %,.0f/s (the store reads all, sends the active)%n",
                    followers, paging, examined);
            FanoutResult result = new FanoutResult(
                    storage.backend(), followers, active, ceiling, rate, seconds, done.mode(), done.pushed(), examined);
            Results.write(runDirectory, Results.FANOUT, result);
            return result;
        } finally {
            job.stop();
        }
    }

    private static FanoutProgress awaitDone(Storage storage, long postId, PrintStream out) throws InterruptedException {
        while (true) {
            Optional<FanoutProgress> progress = storage.fanout().progress(postId, FanoutKind.DELIVER);
            if (progress.isPresent()) {
                out.printf(
                        "\rfan-out: %,d pushed, pass %d",
                        progress.get().pushed(), progress.get().pass());
                if (progress.get().done()) {
                    out.println();
                    return progress.get();
                }
            }
            Thread.sleep(500);
        }
    }
}
