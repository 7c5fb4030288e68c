package dev.widefeed.perf.report;

import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.RunManifest;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.results.StrategiesResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Results of every scenario with round numbers, so each ratio and the capacity plan have known answers:
 * fan-out 80,000 / 100,000 = 0.8; hybrid 4 ops/event over push-all 12 and pull-all 8; home 20 ms over raw
 * 5 ms at the knee (1,000 events/s offered, 995 achieved; the 2,000/s point above it would give 10); celebrity
 * post 30 ms over 10 ms; 5,000 events/s × 3 replicas planned on 995 × 0.7 per node: 21.5, so 22 nodes.
 */
final class SyntheticRun {
    private SyntheticRun() {}

    static RunManifest manifest(Map<String, String> settings) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("users", 100_000);
        spec.put("seed", 7);
        spec.put("preset", "read-heavy");
        spec.put("events", 1_000_000);
        spec.put("eventsPerSecond", 5000.0);
        return new RunManifest(
                "2025-01-01T00:00:00Z",
                "steady",
                "cassandra",
                "service",
                "bench-1",
                8,
                8L << 30,
                "Linux 6.1 amd64",
                "OpenJDK 17",
                "dev",
                settings,
                Map.of("spec", spec));
    }

    static CeilingResult ceiling() {
        return new CeilingResult(
                "cassandra",
                List.of(
                        new CeilingResult.Operation(
                                "home_insert",
                                "one home timeline row",
                                32,
                                20,
                                2_000_000,
                                0,
                                100_000,
                                latency(0.3, 1.2)),
                        new CeilingResult.Operation(
                                "raw_read", "one partition slice", 32, 20, 1_000_000, 2, 50_000, latency(0.6, 2.0))));
    }

    static SteadyResult steady() {
        return new SteadyResult(
                "cassandra",
                "service",
                List.of(
                        replay(500, 500, 10, 4, 5, 2),
                        replay(1000, 995, 12, 20, 6, 5),
                        replay(2000, 1500, 80, 100, 40, 10)),
                1000.0,
                "p99 all < 50 ms and achieved >= 95 % of offered");
    }

    static CelebrityResult celebrity() {
        List<ReplayResult.TierDelay> tiers = List.of(
                new ReplayResult.TierDelay("hot", 150_000, 2.5), new ReplayResult.TierDelay("warm", 50_000, 4.0));
        List<CelebrityResult.CompletionPoint> completion = new ArrayList<>();
        for (int s = 0; s <= 4; s++) {
            completion.add(new CelebrityResult.CompletionPoint(s, Math.min(200_000, s * 60_000L)));
        }
        return new CelebrityResult(
                "cassandra",
                1_000_000,
                200_000,
                500,
                100_000,
                80_000,
                4.0,
                30,
                10,
                tiers,
                completion,
                replay(500, 500, 10, 4, 5, 2),
                replay(500, 490, 15, 9, 7, 3),
                new CelebrityResult.Reach(100, 100, 800, 1_100, 1_200));
    }

    static StrategiesResult strategies(String hybridName) {
        return new StrategiesResult(
                "cassandra",
                10_000,
                List.of(
                        new StrategiesResult.StrategyCost(
                                "push-all",
                                10_000,
                                120_000,
                                90_000,
                                10_000,
                                8_000,
                                1.0,
                                latency(1, 3),
                                latency(5, 40),
                                Map.of()),
                        new StrategiesResult.StrategyCost(
                                "pull-all",
                                10_000,
                                80_000,
                                500,
                                400_000,
                                8_000,
                                50.0,
                                latency(8, 30),
                                latency(1, 2),
                                Map.of()),
                        new StrategiesResult.StrategyCost(
                                hybridName,
                                10_000,
                                40_000,
                                20_000,
                                60_000,
                                8_000,
                                6.0,
                                latency(2, 6),
                                latency(1, 3),
                                Map.of())));
    }

    static void writeAll(Path directory, Map<String, String> settings, String hybridName) throws IOException {
        Results.write(directory, Results.MANIFEST, manifest(settings));
        Results.write(directory, Results.CEILING, ceiling());
        Results.write(directory, Results.STEADY, steady());
        Results.write(directory, Results.CELEBRITY, celebrity());
        Results.write(directory, Results.STRATEGIES, strategies(hybridName));
    }

    /** A replay whose mix is 9 home reads and 1 post per 10 events, plus raw reads for the read ratio. */
    static ReplayResult replay(
            double offered, double achieved, double allP99, double homeP99, double postP99, double rawP99) {
        Map<String, ReplayResult.KindResult> byKind = new LinkedHashMap<>();
        byKind.put("all", kind(1000, allP99));
        byKind.put("home_read", kind(900, homeP99));
        byKind.put("post", kind(100, postP99));
        byKind.put("raw_read", kind(200, rawP99));
        List<ReplayResult.IntervalPoint> overTime = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            for (Map.Entry<String, ReplayResult.KindResult> e : byKind.entrySet()) {
                overTime.add(new ReplayResult.IntervalPoint(
                        s,
                        e.getKey(),
                        100,
                        e.getValue().response().p50Ms(),
                        e.getValue().response().p99Ms()));
            }
        }
        return new ReplayResult("cassandra", "service", offered, achieved, 10, 1000, 0, 0, byKind, overTime, List.of());
    }

    private static ReplayResult.KindResult kind(long count, double p99) {
        return new ReplayResult.KindResult(count, 0, latency(p99 / 4, p99), latency(p99 / 5, p99 / 2));
    }

    static LatencySummary latency(double p50, double p99) {
        return new LatencySummary(1000, p50, p50, (p50 + p99) / 2, p99, p99 * 1.5, p99 * 2);
    }
}
