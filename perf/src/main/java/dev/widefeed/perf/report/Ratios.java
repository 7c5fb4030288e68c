package dev.widefeed.perf.report;

import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.FanoutResult;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.StrategiesResult;
import java.util.List;
import java.util.Optional;

/** The goals of the perf module (perf/README.md, "report"), measured from whatever results a run has. */
final class Ratios {
    static final String PUSH_ALL = "push-all";
    static final String PULL_ALL = "pull-all";
    static final String HYBRID = "hybrid";
    static final String HOME_READ = "home_read";
    static final String RAW_READ = "raw_read";

    private static final Ratio.Goal FANOUT_GOAL = new Ratio.Goal(Ratio.Comparison.AT_LEAST, 0.7);
    private static final Ratio.Goal COST_GOAL = new Ratio.Goal(Ratio.Comparison.BELOW, 1);
    private static final Ratio.Goal READ_GOAL = new Ratio.Goal(Ratio.Comparison.AT_MOST, 3);
    private static final Ratio.Goal POST_GOAL = new Ratio.Goal(Ratio.Comparison.AT_MOST, 1.2);
    private static final Ratio.Goal REACH_GOAL = new Ratio.Goal(Ratio.Comparison.AT_MOST, 2_000);

    private Ratios() {}

    static List<Ratio> of(RunData run) {
        return List.of(
                fanoutOverCeiling(run.fanout(), run.celebrity()),
                hybridOver(run.strategies(), PUSH_ALL),
                hybridOver(run.strategies(), PULL_ALL),
                homeOverRawRead(run),
                postLatency(run.celebrity()),
                reach(run.celebrity()));
    }

    /** From {@code perf fanout} (a pushed author) when the run has it, else from the celebrity's post if pushed. */
    private static Ratio fanoutOverCeiling(Optional<FanoutResult> fanout, Optional<CelebrityResult> celebrity) {
        String key = "fanout_over_ceiling";
        String name = "fan-out rows/s of a pushed author over the raw insert ceiling";
        if (fanout.isPresent() && fanout.get().pushed() > 1) {
            FanoutResult f = fanout.get();
            return measured(
                    key,
                    name,
                    FANOUT_GOAL,
                    f.fanoutOverCeiling(),
                    Fmt.num(f.fanoutRowsPerSecond(), 0)
                            + " rows/s over " + Fmt.num(f.ceilingInsertsPerSecond(), 0) + " inserts/s ("
                            + Fmt.num(f.followers(), 0) + " followers, " + Fmt.num(f.activeFollowers(), 0)
                            + " active, paged through at "
                            + Fmt.num(f.followersPerSecond(), 0) + "/s; perf fanout)");
        }
        if (celebrity.isEmpty()) {
            return notMeasured(key, name, FANOUT_GOAL, "not run: `perf fanout` or `perf celebrity`");
        }
        CelebrityResult c = celebrity.get();
        if (c.tiers().isEmpty()) {
            return notMeasured(
                    key,
                    name,
                    FANOUT_GOAL,
                    "the celebrity is pulled (no fan-out): measure a pushed author"
                            + " with `perf fanout --followers 100000`");
        }
        return measured(
                key,
                name,
                FANOUT_GOAL,
                c.fanoutOverCeiling(),
                Fmt.num(c.fanoutRowsPerSecond(), 0) + " rows/s over " + Fmt.num(c.ceilingInsertsPerSecond(), 0)
                        + " inserts/s (" + Fmt.num(c.followers(), 0) + " followers)");
    }

    private static Ratio hybridOver(Optional<StrategiesResult> strategies, String baseline) {
        String key = "hybrid_over_" + baseline.replace('-', '_') + "_ops";
        String name = "hybrid store operations per event over " + baseline + "'s";
        if (strategies.isEmpty()) {
            return notMeasured(key, name, COST_GOAL, "not run: `perf strategies`");
        }
        Optional<StrategiesResult.StrategyCost> hybrid = strategy(strategies.get(), HYBRID);
        Optional<StrategiesResult.StrategyCost> base = strategy(strategies.get(), baseline);
        if (hybrid.isEmpty() || base.isEmpty()) {
            return notMeasured(
                    key, name, COST_GOAL, "strategies.json has no \"" + HYBRID + "\" and \"" + baseline + "\" both");
        }
        double h = hybrid.get().operationsPerEvent();
        double b = base.get().operationsPerEvent();
        return measured(
                key, name, COST_GOAL, h / b, Fmt.num(h, 2) + " over " + Fmt.num(b, 2) + " operations per event");
    }

    private static Ratio homeOverRawRead(RunData run) {
        String key = "home_read_over_raw_read_p99";
        String name = "p99 home-timeline read over p99 raw single-partition read, same rate";
        if (run.steady().isEmpty()) {
            return notMeasured(key, name, READ_GOAL, "not run: `perf steady`");
        }
        Optional<ReplayResult> point = SteadyPoints.measuring(run.steady().get(), HOME_READ, RAW_READ);
        if (point.isEmpty()) {
            return notMeasured(key, name, READ_GOAL, "no steady point measured both " + HOME_READ + " and " + RAW_READ);
        }
        double home = point.get().byKind().get(HOME_READ).response().p99Ms();
        double raw = point.get().byKind().get(RAW_READ).response().p99Ms();
        return measured(
                key,
                name,
                READ_GOAL,
                home / raw,
                Fmt.num(home, 2) + " ms over " + Fmt.num(raw, 2) + " ms at "
                        + Fmt.num(point.get().offeredRate(), 0) + " events/s offered");
    }

    private static Ratio postLatency(Optional<CelebrityResult> celebrity) {
        String key = "celebrity_over_small_author_post";
        String name = "post request p99 of the celebrity over a 10-follower author's";
        if (celebrity.isEmpty()) {
            return notMeasured(key, name, POST_GOAL, "not run: `perf celebrity`");
        }
        CelebrityResult c = celebrity.get();
        return measured(
                key,
                name,
                POST_GOAL,
                c.postLatencyRatio(),
                Fmt.num(c.postRequestMs(), 2) + " ms (" + Fmt.num(c.followers(), 0) + " followers) over "
                        + Fmt.num(c.smallAuthorPostMs(), 2) + " ms");
    }

    private static Ratio reach(Optional<CelebrityResult> celebrity) {
        String key = "celebrity_post_reach_p99_ms";
        String name = "p99 ms until a sampled active follower's home page shows the celebrity's post";
        if (celebrity.isEmpty()) {
            return notMeasured(key, name, REACH_GOAL, "not run: `perf celebrity`");
        }
        CelebrityResult.Reach reach = celebrity.get().reach();
        if (reach.sampled() == 0 || reach.reached() < reach.sampled()) {
            return notMeasured(
                    key,
                    name,
                    REACH_GOAL,
                    reach.sampled() == 0
                            ? "no active follower sampled"
                            : reach.reached() + " of " + reach.sampled() + " sampled followers saw the post in time");
        }
        return measured(
                key,
                name,
                REACH_GOAL,
                reach.p99Ms(),
                Fmt.num(reach.sampled(), 0) + " followers of "
                        + Fmt.num(celebrity.get().followers(), 0) + "; p50 " + Fmt.num(reach.p50Ms(), 0) + " ms");
    }

    private static Optional<StrategiesResult.StrategyCost> strategy(StrategiesResult result, String name) {
        return result.strategies().stream()
                .filter(s -> s.strategy().equals(name))
                .findFirst();
    }

    private static Ratio measured(String key, String name, Ratio.Goal goal, double value, String source) {
        return Double.isFinite(value)
                ? new Ratio(key, name, goal, value, source)
                : notMeasured(key, name, goal, "no finite value from " + source);
    }

    private static Ratio notMeasured(String key, String name, Ratio.Goal goal, String why) {
        return new Ratio(key, name, goal, null, why);
    }
}
