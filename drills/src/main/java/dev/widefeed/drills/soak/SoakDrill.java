package dev.widefeed.drills.soak;

import dev.widefeed.drills.harness.AdminGauges;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.MixedLoad;
import dev.widefeed.drills.harness.Population;
import dev.widefeed.drills.harness.RenewedLoad;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.harness.Sessions;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.drills.harness.Verification;
import dev.widefeed.restclient.Reply;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A bounded soak: the service's knee found with the drill's own load ({@link KneeSearch}), then half of it
 * offered for {@code --soak-minutes} (30) of likes, follows, posts, comments and home timeline reads. What a long
 * run shows and a short one does not: failures under 0.1 % of requests; the p99 of the last window within 1.2x of
 * the first (latency that drifts up as tables, caches and queues grow); the old generation after a full GC at the
 * end within 10 % of the one at the start (a leak); the fan-out backlog worked off (back to 0) within two minutes
 * of the load's end. Then every acknowledged write of a sample is checked as after a fault, and the like counters
 * are compared with their rows before and after one reconcile.
 * <p>
 * The load must be the same at the end as at the start, or the ratio measures the load: before anything is
 * measured each user follows half of the others, the density the mix's follow/unfollow toggles on random pairs
 * keep. Started from no edges, the toggles had each user's followers grow from none to about half the population
 * during the soak, and each post's fan-out with them.
 */
public final class SoakDrill implements Drill {
    /** Reads as often as writes, the reads being home pages: what an app's users do between posts. */
    static final MixedLoad.Mix SOAK = new MixedLoad.Mix(20, 10, 10, 10, 50);

    private static final int MAX_THREADS = 64;
    private static final Duration KNEE_STEP = Duration.ofSeconds(30);
    private static final double LOWEST_RATE = 25;
    private static final double HIGHEST_RATE = 3_200;
    private static final int WINDOW_SECONDS = 300;
    private static final int SAMPLE = 3_000;

    /** Cassandra's table statistics now; none on HBase. */
    private static StoreTables storeTables(ServiceRun.Layout layout, String name) throws InterruptedException {
        return layout.backend().equals("cassandra")
                ? StoreTables.take(layout.dataDir(), name, layout.jmxPort(), "widefeed")
                : new StoreTables(Map.of());
    }

    @Override
    public String name() {
        return "soak";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        PrintStream out = System.out;
        try (DrillSession session = DrillSession.start(layout, settings.users(), "soak")) {
            Api api = session.api;
            Timeline timeline = session.timeline;
            AdminGauges gauges = new AdminGauges(api);
            Sessions sessions = new Sessions(api, session.population);
            int threads = Math.min(MAX_THREADS, settings.users()); // a thread acts for users of its own
            Figures figures = new Figures(name() + " (" + layout.backend() + ")");
            figures.noted(
                    "follow edges made before the soak (half of all pairs)",
                    String.valueOf(followHalf(api, session.population, session.ledger)));
            double rate = settings.soakRate();
            if (rate > 0) {
                figures.noted("knee", "not searched: rate given");
            } else {
                KneeSearch.Result knee = new KneeSearch(session, sessions, SOAK, threads, KNEE_STEP, out)
                        .find(LOWEST_RATE, HIGHEST_RATE);
                figures.atLeast("knee found (requests/s)", knee.knee(), LOWEST_RATE, "");
                if (knee.knee() == 0) {
                    return figures;
                }
                figures.noted(
                        "knee steps", knee.steps().size() + " x " + KNEE_STEP.toSeconds() + " s, threads " + threads);
                rate = knee.knee() / 2;
            }
            int soakSeconds = settings.soakMinutes() * 60;
            // Windows of 5 minutes, or a quarter of a shorter soak, so that first and last never overlap.
            int window = Math.min(WINDOW_SECONDS, soakSeconds / 4);
            int warm = Math.min(60, soakSeconds / 6);
            out.printf(
                    "soak: %,.0f requests/s for %d min (after %d s unrecorded), windows of %d s%n",
                    rate, settings.soakMinutes(), warm, window);

            RenewedLoad load = new RenewedLoad(session, sessions, SOAK, threads, rate).start();
            Thread.sleep(warm * 1000L);
            long oldGenStart = gauges.oldGenAfterFullGc();
            HeapHistogram heapStart = HeapHistogram.take(session.service.pid());
            OptionalDouble threadsStart = gauges.read(AdminGauges.THREADS);
            int start = timeline.now() + 1;
            int end;
            LoadWindow soak;
            double worstBacklog;
            double worstLag;
            try (SoakMonitor monitor = new SoakMonitor(api, timeline, rate, out).start()) {
                // The service's timers (and on Cassandra the store's tables) at each window's ends: where the
                // latency went, if it moved.
                ServiceTimers firstStart = ServiceTimers.take(api);
                Thread.sleep(window * 1000L);
                ServiceTimers firstEnd = ServiceTimers.take(api);
                StoreTables tablesFirst = storeTables(layout, "first");
                Thread.sleep((soakSeconds - 2L * window) * 1000L);
                ServiceTimers lastStart = ServiceTimers.take(api);
                Thread.sleep(window * 1000L);
                // The last window ends here, before the measuring below: nodetool is a JVM of its own, and its
                // seconds of CPU on a small machine would land in the last window only.
                end = timeline.now();
                ServiceTimers.printMoved(out, "soak", firstStart, firstEnd, lastStart, ServiceTimers.take(api), 12);
                if (layout.backend().equals("cassandra")) {
                    storeTables(layout, "last").printMoved(out, "soak: store", tablesFirst, 10);
                }
                worstBacklog = monitor.worstBacklog();
                worstLag = monitor.worstLagSeconds();
            }
            // Still under the same load as the first, so the two measure the same thing: what survives a full GC.
            long oldGenEnd = gauges.oldGenAfterFullGc();
            HeapHistogram.take(session.service.pid()).printGrowth(out, "soak: heap", heapStart, 12);
            OptionalDouble threadsEnd = gauges.read(AdminGauges.THREADS);
            load.close();
            int stopped = timeline.now();
            Optional<Duration> drained = gauges.awaitNoBacklog(Duration.ofMinutes(2));
            OptionalDouble backlogLeft = gauges.read(AdminGauges.BACKLOG);
            OptionalDouble dirty = gauges.read(AdminGauges.DIRTY_COUNTERS);

            soak = LoadWindow.of(timeline, rate, start, end);
            LoadWindow first = LoadWindow.of(timeline, rate, start, start + window);
            LoadWindow last = LoadWindow.of(timeline, rate, end - window, end);
            out.printf(
                    "soak: whole: %s%nsoak: first %d s: %s%nsoak: last %d s: %s%n", soak, window, first, window, last);

            Ledger sample = sample(session.ledger, SAMPLE);
            Verification verification = new Verification(
                    api,
                    () -> sessions.fresh(Duration.ofMinutes(5)).users().get(0).token());
            long unknown = LoadWindow.of(timeline, rate, 0, stopped + 1).failed();
            long drift = sample.likes.keySet().stream()
                    .map(Ledger.Edge::from)
                    .distinct()
                    .mapToLong(post -> verification.likes(post).drift())
                    .sum();
            Verification.Result verified = verification.check(sample);

            double growth = 100.0 * (oldGenEnd - oldGenStart) / Math.max(1, oldGenStart);
            return figures.noted("soak", String.format("%,.0f requests/s for %d min", rate, settings.soakMinutes()))
                    .atLeast(
                            "achieved rate",
                            Math.rint(soak.achieved() * 10) / 10,
                            Math.rint(rate * 0.95 * 10) / 10,
                            "/s")
                    .noted("requests", String.valueOf(soak.answers()))
                    .atMost("answered 4xx (none is expected of this load)", soak.clientErrors(), 0, "")
                    .atMost("failed: 5xx or no answer", Math.rint(soak.failedPercent() * 1000) / 1000, 0.1, " %")
                    .noted("p99, first " + window + " s", String.format("%.1f ms", first.p99Ms()))
                    .noted("p99, last " + window + " s", String.format("%.1f ms", last.p99Ms()))
                    .atMost("p99 last / first", ratio(last.p99Ms(), first.p99Ms()), 1.2, "")
                    .noted("p99, whole soak", String.format("%.1f ms", soak.p99Ms()))
                    .noted("old gen after full GC, start", mb(oldGenStart))
                    .noted("old gen after full GC, end", mb(oldGenEnd))
                    .atMost("old gen growth", Math.rint(growth * 10) / 10, 10, " %")
                    .noted("service threads, start -> end", text(threadsStart) + " -> " + text(threadsEnd))
                    .noted("fan-out backlog, worst during", String.valueOf((long) worstBacklog))
                    .noted("fan-out lag, worst during", (long) worstLag + " s")
                    .noted(
                            "fan-out backlog back to 0 after the load",
                            drained.map(d -> d.toSeconds() + " s").orElse("not within 120 s"))
                    .atMost("fan-out backlog 2 min after the load", backlogLeft.orElse(-1), 0, "")
                    .noted("counter recounts pending", text(dirty))
                    .noted("writes acknowledged", String.valueOf(session.ledger.acknowledged.get()))
                    .noted("requests with an unknown outcome", String.valueOf(unknown))
                    .atMost("like counter drift before reconcile (vs. unknowns)", drift, unknown, "")
                    .atMost("acknowledged writes missing (sample)", verified.missing(), 0, "")
                    .atMost("counters off after one reconcile", verified.countersOff(), 0, "")
                    .noted("checked", verified.checked() + " writes, " + verified.counters() + " counters")
                    .noted("example", verified.example().isEmpty() ? "-" : verified.example());
        }
    }

    /**
     * Has each user follow a random half of the others, one batch each, recorded in the ledger like any follow.
     *
     * @return the edges acknowledged
     */
    static long followHalf(Api api, Population population, Ledger ledger) throws Exception {
        List<Population.User> users = population.users();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> batches = new ArrayList<>();
            for (Population.User me : users) {
                batches.add(pool.submit(() -> {
                    List<String> others = new ArrayList<>();
                    users.stream().filter(u -> !u.id().equals(me.id())).forEach(u -> others.add(u.id()));
                    Collections.shuffle(others);
                    List<String> half = others.subList(0, others.size() / 2);
                    Reply reply = api.followAll(me.token(), me.id(), half);
                    if (reply.status() != 200) {
                        throw new IllegalStateException(
                                "a batch follow answered " + reply.status() + ": " + reply.body());
                    }
                    half.forEach(other -> ledger.follow(me.id(), other, true, true));
                    return (long) half.size();
                }));
            }
            long edges = 0;
            for (Future<Long> batch : batches) {
                edges += batch.get();
            }
            return edges;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * What is checked after a soak, whose ledger holds tens of thousands of posts, comments and likes: every follow
     * (the graph's few thousand edges), {@code size} posts at random among those that were liked (the like counters
     * worth checking) with every like of theirs, others at random up to {@code size} posts in all, and {@code size}
     * comments at random.
     */
    static Ledger sample(Ledger all, int size) {
        Ledger sample = new Ledger();
        sample.follows.putAll(all.follows);
        Set<String> likedSet = new HashSet<>();
        all.likes.keySet().forEach(edge -> likedSet.add(edge.from()));
        List<String> liked = new ArrayList<>(likedSet);
        Collections.shuffle(liked);
        Set<String> chosen = new HashSet<>(liked.subList(0, Math.min(size, liked.size())));
        all.likes.forEach((edge, last) -> {
            if (chosen.contains(edge.from())) {
                sample.likes.put(edge, last);
            }
        });
        chosen.forEach(post -> sample.posts.put(post, all.posts.getOrDefault(post, "")));
        List<String> others = new ArrayList<>(all.posts.keySet());
        others.removeAll(likedSet);
        Collections.shuffle(others);
        others.stream()
                .limit(Math.max(0, size - chosen.size()))
                .forEach(post -> sample.posts.put(post, all.posts.get(post)));
        List<String> comments = new ArrayList<>(all.comments.keySet());
        Collections.shuffle(comments);
        comments.stream().limit(size).forEach(comment -> sample.comments.put(comment, all.comments.get(comment)));
        return sample;
    }

    private static double ratio(double a, double b) {
        return b == 0 ? 0 : Math.rint(a / b * 100) / 100;
    }

    private static String mb(long bytes) {
        return String.format("%.1f MB", bytes / 1e6);
    }

    private static String text(OptionalDouble value) {
        return value.isPresent() ? String.valueOf((long) value.getAsDouble()) : "?";
    }
}
