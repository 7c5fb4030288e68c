package dev.widefeed.drills.regionserverkill;

import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.FanoutCheck;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.MixedLoad;
import dev.widefeed.drills.harness.Population;
import dev.widefeed.drills.harness.RepeatedPosts;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.drills.harness.Verification;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * HBase's own failure: one region server of three dies. The service runs on a local HBase cluster (ZooKeeper, a
 * master and three region servers, each a process of its own, set up by configuration alone) under the mixed load
 * of likes, follows, posts and comments among half the users, and an author followed by the other half posting
 * every two seconds. The region server
 * carrying hbase:meta is killed with -9: its regions, meta first, are unserved until the master takes it for dead
 * (its ZooKeeper session expires, or the server the service's supervisor starts again in its place reports for
 * duty), splits its write-ahead log and opens its regions on the others. Meanwhile the service answers requests that
 * need those regions 503 with Retry-After, never 500 and never hanging; once the regions are open elsewhere it serves
 * again by itself. Afterwards every acknowledged write is there, every counter is exact after one reconcile, and
 * every acknowledged post reached every follower's home timeline.
 */
public final class RegionServerKillDrill implements Drill {
    static final int REGION_SERVERS = 3;
    private static final String HOST = "127.0.0.1";
    /** How long after the crash procedure's end requests may still meet a stale cached region location. */
    static final int SETTLE_SECONDS = 5;

    @Override
    public String name() {
        return "region-server-kill";
    }

    @Override
    public List<String> backends() {
        return List.of("hbase");
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        try (DrillSession session = DrillSession.start(
                layout, environment(layout), Duration.ofMinutes(8), settings.users() * 2, "regionserver")) {
            ServiceRun service = session.service;
            Api api = session.api;
            Timeline timeline = session.timeline;
            Ledger ledger = session.ledger;
            double startSeconds = session.started.toNanos() / 1e9;
            List<Population.User> users = session.population.users();
            Population.User author = users.get(0);
            // The author and its followers on one side, the mixed load's users on the other: the load's follows and
            // unfollows stay among its own users, so every follower follows the author throughout.
            List<Population.User> followers = users.subList(1, users.size() / 2);
            Population.followAll(api, followers, author, ledger);
            Population loaders = session.population.part(users.size() / 2, users.size());
            String probePost = ledger.posts.keySet().iterator().next();

            MixedLoad load = MixedLoad.mixed(api, loaders, ledger, timeline, settings.perSecond());
            RepeatedPosts posts = new RepeatedPosts(api, author, ledger, timeline, 2_000);
            load.start();
            posts.start();
            Thread.sleep(settings.warmSeconds() * 1000L);

            Path storeDir = service.storeDataDir();
            String victim = CrashRecovery.carryingMeta(regionServerLogs(storeDir))
                    .orElseThrow(() -> new IllegalStateException("no region server log says it opened hbase:meta"));
            int victimPort = regionServerPort(layout) + Integer.parseInt(victim.substring("regionserver".length())) - 1;
            ProcessHandle server =
                    service.store(victim).orElseThrow(() -> new IllegalStateException("no process of " + victim));
            int killed = timeline.now();
            long killedNanos = System.nanoTime();
            long killedMillis = System.currentTimeMillis();
            server.destroyForcibly(); // SIGKILL
            server.onExit().get();

            Path masterLog = storeDir.resolve("cluster/master/logs/master.log");
            CrashRecovery.Crash crash = awaitRecovery(masterLog, victimPort, killedMillis, Duration.ofMinutes(5));
            int recovered = killed + (int) Math.ceil(crash.recoveredAfter());
            double backSeconds =
                    service.awaitMemberRunning(victim, server.pid(), Duration.ofMinutes(5)) - killedNanos / 1e9;
            Thread.sleep(settings.afterSeconds() * 1000L);
            long servingProbe = api.getPost(session.token(), probePost).status();
            load.close();
            posts.close();
            int end = timeline.now();

            Verification.Result verified = new Verification(api, session.token()).check(ledger);
            FanoutCheck.Result fanout = FanoutCheck.check(api, followers, posts.acknowledged(), Duration.ofMinutes(3));
            int settled = Math.min(recovered + SETTLE_SECONDS, end);
            return new Figures(name() + " (HBase: ZooKeeper, a master, " + REGION_SERVERS + " region servers)")
                    .noted("service healthy after its start", String.format("%.1f s", startSeconds))
                    .noted("requests sent", String.valueOf(load.sent() + posts.sent()))
                    .noFailedAnswers(timeline, end)
                    .noted("region server killed", victim + " (" + crash.server() + ", carrying hbase:meta)")
                    .noted("its regions", String.valueOf(crash.regions()))
                    .noted("master took it for dead after", String.format("%.1f s", crash.detectedAfter()))
                    .atMost(
                            "regions open elsewhere after (kill to crash procedure's end)",
                            crash.recoveredAfter(),
                            120,
                            " s")
                    .noted("killed server running again after (its supervisor)", String.format("%.1f s", backSeconds))
                    .noted(
                            "answers 503 (Retry-After) until then + " + SETTLE_SECONDS + " s",
                            String.valueOf(timeline.count(Timeline.Kind.UNAVAILABLE, killed, settled)))
                    .atMost(
                            "answers 503 later than " + SETTLE_SECONDS + " s after",
                            timeline.count(Timeline.Kind.UNAVAILABLE, settled, end),
                            0,
                            "")
                    .atMost("a read after it all (status)", servingProbe == 200 ? 0 : servingProbe, 0, "")
                    .noted(
                            "p99 before / during / after",
                            String.format(
                                    "%.1f / %.1f / %.1f ms",
                                    timeline.percentileMillis(99, 0, killed),
                                    timeline.percentileMillis(99, killed, settled),
                                    timeline.percentileMillis(99, settled, end)))
                    .noted("writes acknowledged", String.valueOf(ledger.acknowledged.get()))
                    .noted("keys left uncertain (503/timeout last)", String.valueOf(verified.uncertain()))
                    .atMost("acknowledged writes missing", verified.missing(), 0, "")
                    .atMost("counters off after one reconcile", verified.countersOff(), 0, "")
                    .noted("checked", verified.checked() + " writes, " + verified.counters() + " counters")
                    .noted("fan-out", posts.acknowledged().size() + " posts x " + followers.size() + " followers")
                    .atMost("fan-out deliveries missing", fanout.missing(), 0, "")
                    .noted("example", example(verified, fanout));
        }
    }

    /** What config.yml needs to run the embedded HBase as a local cluster: nothing else changes. */
    static Map<String, String> environment(ServiceRun.Layout layout) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HBASE_REGION_SERVERS", String.valueOf(REGION_SERVERS));
        env.put("HBASE_MASTER_PORT", String.valueOf(layout.port() + 70));
        env.put("HBASE_REGION_SERVER_PORT", String.valueOf(regionServerPort(layout)));
        env.put("HBASE_HEAP_MB", "768");
        return env;
    }

    private static int regionServerPort(ServiceRun.Layout layout) {
        return layout.port() + 72;
    }

    private static Map<String, Path> regionServerLogs(Path storeDir) {
        Map<String, Path> logs = new LinkedHashMap<>();
        for (int n = 1; n <= REGION_SERVERS; n++) {
            String name = "regionserver" + n;
            logs.put(
                    name,
                    storeDir.resolve("cluster").resolve(name).resolve("logs").resolve(name + ".log"));
        }
        return logs;
    }

    private static CrashRecovery.Crash awaitRecovery(Path masterLog, int port, long killedMillis, Duration within)
            throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<CrashRecovery.Crash> crash = CrashRecovery.of(masterLog, HOST, port, killedMillis);
            if (crash.isPresent()) {
                return crash.get();
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the master did not finish recovering the killed region server within "
                + within.toSeconds() + " s; see " + masterLog);
    }

    private static String example(Verification.Result verified, FanoutCheck.Result fanout) {
        for (String example : List.of(verified.example(), fanout.example())) {
            if (!example.isEmpty()) {
                return example;
            }
        }
        return "-";
    }
}
