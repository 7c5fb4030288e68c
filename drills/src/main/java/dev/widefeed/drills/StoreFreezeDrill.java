package dev.widefeed.drills;

import java.util.ArrayList;
import java.util.List;

/**
 * The store frozen (SIGSTOP) for 3 s every 30 s during a like/unlike storm on a few posts: no counter
 * update is retried (the drift the freezes leave is at most one per like whose outcome was unknown),
 * the counters are exact after one reconcile, and the like latency's p99 is back to normal within
 * 10 s of each thaw.
 */
final class StoreFreezeDrill implements Drill {
    private static final int PERIOD_SECONDS = 30;
    private static final int FROZEN_SECONDS = 3;

    @Override
    public String name() {
        return "store-freeze";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        try (DrillSession session = DrillSession.start(layout, settings.users(), "freeze")) {
            ServiceRun service = session.service;
            Api api = session.api;
            Timeline timeline = session.timeline;
            Ledger ledger = session.ledger;
            String token = session.token();
            List<String> hot = ledger.posts.keySet().stream().limit(5).toList();
            MixedLoad load = new MixedLoad(api, session.population, ledger, timeline, MixedLoad.Mix.LIKES, hot, null, 8,
                    settings.perSecond() * 2);
            load.start();
            Thread.sleep(settings.warmSeconds() * 1000L);
            int baselineEnd = timeline.now();
            double baseline = timeline.percentileMillis(99, 2, baselineEnd);

            long storePid = service.store().orElseThrow(() -> new IllegalStateException("no store process")).pid();
            List<Integer> thaws = new ArrayList<>();
            for (int cycle = 0; cycle < settings.cycles(); cycle++) {
                Signals.send("STOP", storePid);
                Thread.sleep(FROZEN_SECONDS * 1000L);
                Signals.send("CONT", storePid);
                thaws.add(timeline.now());
                Thread.sleep((PERIOD_SECONDS - FROZEN_SECONDS) * 1000L);
            }
            load.close();
            int end = timeline.now();

            // p99 is "back to normal" from the first second after which three seconds in a row are within
            // twice the baseline (or 50 ms of it, for a baseline of a few milliseconds).
            double normal = Math.max(2 * baseline, baseline + 50);
            int worstRecovery = 0;
            for (int thaw : thaws) {
                int s = thaw;
                while (s < end - 3 && !(timeline.percentileMillis(99, s, s + 3) <= normal)) {
                    s++;
                }
                worstRecovery = Math.max(worstRecovery, s - thaw);
            }
            long unknown = timeline.count(Timeline.Kind.NO_ANSWER, 0, end)
                    + timeline.count(Timeline.Kind.UNAVAILABLE, 0, end)
                    + timeline.count(Timeline.Kind.UNAVAILABLE_NO_RETRY_AFTER, 0, end)
                    + timeline.count(Timeline.Kind.SERVER_ERROR, 0, end);
            Verification verification = new Verification(api, token);
            long drift = hot.stream().mapToLong(post -> verification.likes(post).drift()).sum();
            Verification.Result verified = verification.check(ledger);
            return new Figures(name() + " (" + layout.backend() + ")")
                    .atMost("answers 500", timeline.count(Timeline.Kind.SERVER_ERROR, 0, end), 0, "")
                    .noted("freezes", thaws.size() + " x " + FROZEN_SECONDS + " s")
                    .noted("like p99 before the first freeze", String.format("%.1f ms", baseline))
                    .atMost("p99 back to normal after a thaw (worst)", worstRecovery, 10, " s")
                    .noted("likes with an unknown outcome", String.valueOf(unknown))
                    .atMost("counter drift before reconcile (vs. unknowns)", drift, unknown, "")
                    .noted("service's own repair settled after", verified.healed())
                    .atMost("counters off after one reconcile", verified.countersOff(), 0, "")
                    .atMost("acknowledged writes missing", verified.missing(), 0, "")
                    .noted("requests sent", String.valueOf(load.sent()))
                    .noted("example", verified.example().isEmpty() ? "-" : verified.example());
        }
    }
}
