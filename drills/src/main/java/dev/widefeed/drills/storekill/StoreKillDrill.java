package dev.widefeed.drills.storekill;

import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.MixedLoad;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.drills.harness.Verification;
import java.time.Duration;

/**
 * kill -9 of the embedded store under a mixed load of likes, follows, posts and comments. While the
 * store is down the service answers 503 with Retry-After (no 500, no request left hanging) and its
 * health check is red; the service's supervisor starts the store again with no command from anyone,
 * and the service serves again within 30 s of the store being ready; afterwards every acknowledged
 * write is there and, after one reconcile, every counter equals its rows.
 */
public final class StoreKillDrill implements Drill {
    @Override
    public String name() {
        return "store-kill";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        try (DrillSession session = DrillSession.start(layout, settings.users(), "drill")) {
            ServiceRun service = session.service;
            Api api = session.api;
            Timeline timeline = session.timeline;
            Ledger ledger = session.ledger;
            String token = session.token();
            String probePost = ledger.posts.keySet().iterator().next();
            MixedLoad load = MixedLoad.mixed(api, session.population, ledger, timeline, settings.perSecond());
            load.start();
            Thread.sleep(settings.warmSeconds() * 1000L);

            ProcessHandle store = service.store().orElseThrow(() -> new IllegalStateException("no store process"));
            int killed = timeline.now();
            long killedNanos = System.nanoTime();
            store.destroyForcibly(); // SIGKILL
            store.onExit().get();
            Outage outage = Outage.watch(service, store.pid(), token, probePost, Duration.ofMinutes(5));
            int serving = timeline.now();
            Thread.sleep(settings.afterSeconds() * 1000L);
            load.close();
            int end = timeline.now();

            Verification.Result verified = new Verification(api, token).check(ledger);
            return new Figures(name() + " (" + layout.backend() + ")")
                    .noFailedAnswers(timeline, end)
                    .atLeast("health checks red while down", outage.redChecks(), 1, "")
                    .noted("store back (kill to ready)", outage.storeReadyAfter(killedNanos) + " s")
                    .atMost("serving again after store ready", outage.servingAfterReady(), 30, " s")
                    .noted(
                            "answers 503 while down",
                            String.valueOf(timeline.count(Timeline.Kind.UNAVAILABLE, killed, serving + 1)))
                    .noted("p99 before the kill", String.format("%.1f ms", timeline.percentileMillis(99, 0, killed)))
                    .noted("requests sent", String.valueOf(load.sent()))
                    .noted("writes acknowledged", String.valueOf(ledger.acknowledged.get()))
                    .noted("keys left uncertain (503/timeout last)", String.valueOf(verified.uncertain()))
                    .noted("service's own repair settled after", verified.healed())
                    .atMost("acknowledged writes missing", verified.missing(), 0, "")
                    .atMost("counters off after one reconcile", verified.countersOff(), 0, "")
                    .noted("checked", verified.checked() + " writes, " + verified.counters() + " counters")
                    .noted("example", verified.example().isEmpty() ? "-" : verified.example());
        }
    }
}
