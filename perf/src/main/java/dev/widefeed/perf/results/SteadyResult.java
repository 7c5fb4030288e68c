package dev.widefeed.perf.results;

import java.util.List;

/**
 * The {@code steady} scenario: the workload's mix at a sweep of offered rates. The knee is the highest offered
 * rate the target still keeps up with under {@code kneeRule}; null if even the lowest rate breaks it.
 *
 * @param storeOperationsPerEvent per point, the store operations each event made (storage interfaces, background
 *                                work included, the event log's polling left out); null when not counted (a target
 *                                over HTTP, or a run from before they were)
 */
public record SteadyResult(
        String backend,
        String target,
        List<ReplayResult> points,
        Double kneeRate,
        String kneeRule,
        List<Double> storeOperationsPerEvent) {
    public SteadyResult(String backend, String target, List<ReplayResult> points, Double kneeRate, String kneeRule) {
        this(backend, target, points, kneeRate, kneeRule, null);
    }
}
