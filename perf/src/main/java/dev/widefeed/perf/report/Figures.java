package dev.widefeed.perf.report;

import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.results.StrategiesResult;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** The run's key numbers, one row per scenario metric, as {@code summary.csv} and {@code summary.json} list them. */
final class Figures {
    record Figure(String scenario, String metric, double value, String unit) {}

    private final List<Figure> figures = new ArrayList<>();

    private Figures() {}

    static List<Figure> of(RunData run, List<Ratio> ratios, Capacity capacity) {
        Figures f = new Figures();
        run.ceiling().ifPresent(f::ceiling);
        run.steady().ifPresent(f::steady);
        run.celebrity().ifPresent(f::celebrity);
        run.strategies().ifPresent(f::strategies);
        run.hdrLogs()
                .forEach(
                        h -> f.latency("hlog", h.file() + (h.tag().isEmpty() ? "" : "[" + h.tag() + "]"), h.latency()));
        ratios.stream().filter(r -> r.value() != null).forEach(r -> f.add("goals", r.key(), r.value(), "ratio"));
        capacity.byOperations().ifPresent(p -> {
            f.add("capacity", "store_operations_per_event", p.operationsPerEvent(), "operations");
            f.add("capacity", "store_ceiling", p.ceilingPerSecond(), "ops/s");
        });
        capacity.plan().ifPresent(p -> {
            f.add(
                    "capacity",
                    "nodes",
                    capacity.byOperations().map(StoreOperationsPlan::nodes).orElse(p.nodes()),
                    "nodes");
            f.add("capacity", "nodes_by_knee", p.nodes(), "nodes");
            f.add("capacity", "per_node_sustainable_rate", p.perNodeSustainable(), "events/s");
            f.add("capacity", "measured_node_rate", p.measuredRate(), "events/s");
            f.add("capacity", "target_rate", p.targetRate(), "events/s");
        });
        return List.copyOf(f.figures);
    }

    private void ceiling(CeilingResult ceiling) {
        for (CeilingResult.Operation op : ceiling.operations()) {
            add("ceiling", op.name() + ".ops_per_second", op.opsPerSecond(), "ops/s");
            add("ceiling", op.name() + ".errors", op.errors(), "operations");
            latency("ceiling", op.name(), op.latency());
        }
    }

    private void steady(SteadyResult steady) {
        if (steady.kneeRate() != null) {
            add("steady", "knee_rate", steady.kneeRate(), "events/s");
        }
        for (ReplayResult point : steady.points()) {
            String at = "offered_" + Fmt.plain(point.offeredRate());
            add("steady", at + ".achieved_rate", point.achievedRate(), "events/s");
            add("steady", at + ".errors", point.errors(), "operations");
            add("steady", at + ".dropped", point.dropped(), "operations");
            new TreeMap<>(point.byKind()).forEach((kind, result) -> {
                add(
                        "steady",
                        at + "." + kind + ".response_p50",
                        result.response().p50Ms(),
                        "ms");
                add(
                        "steady",
                        at + "." + kind + ".response_p99",
                        result.response().p99Ms(),
                        "ms");
            });
        }
    }

    private void celebrity(CelebrityResult c) {
        add("celebrity", "followers", c.followers(), "followers");
        add("celebrity", "active_followers", c.activeFollowers(), "followers");
        add("celebrity", "background_rate", c.backgroundRate(), "events/s");
        add("celebrity", "ceiling_inserts_per_second", c.ceilingInsertsPerSecond(), "rows/s");
        add("celebrity", "fanout_rows_per_second", c.fanoutRowsPerSecond(), "rows/s");
        add("celebrity", "delivery_seconds", c.deliverySeconds(), "s");
        add("celebrity", "post_request_ms", c.postRequestMs(), "ms");
        add("celebrity", "small_author_post_ms", c.smallAuthorPostMs(), "ms");
        if (c.tiers() != null) {
            for (ReplayResult.TierDelay tier : c.tiers()) {
                add("celebrity", "tier." + tier.tier() + ".pushed", tier.pushed(), "rows");
                add("celebrity", "tier." + tier.tier() + ".seconds", tier.seconds(), "s");
            }
        }
    }

    private void strategies(StrategiesResult result) {
        for (StrategiesResult.StrategyCost s : result.strategies()) {
            add("strategies", s.strategy() + ".operations_per_event", s.operationsPerEvent(), "operations/event");
            add("strategies", s.strategy() + ".rows_written_per_event", s.rowsWrittenPerEvent(), "rows/event");
            add("strategies", s.strategy() + ".read_fan_in", s.readFanIn(), "partitions/read");
            add("strategies", s.strategy() + ".home_read_p99", s.homeRead().p99Ms(), "ms");
            add("strategies", s.strategy() + ".post_p99", s.post().p99Ms(), "ms");
        }
    }

    private void latency(String scenario, String name, LatencySummary latency) {
        add(scenario, name + ".p50", latency.p50Ms(), "ms");
        add(scenario, name + ".p99", latency.p99Ms(), "ms");
        add(scenario, name + ".p999", latency.p999Ms(), "ms");
        add(scenario, name + ".max", latency.maxMs(), "ms");
    }

    /** Non-finite values (a ratio over zero) are left out: JSON has no spelling for them. */
    private void add(String scenario, String metric, double value, String unit) {
        if (Double.isFinite(value)) {
            figures.add(new Figure(scenario, metric, value, unit));
        }
    }
}
