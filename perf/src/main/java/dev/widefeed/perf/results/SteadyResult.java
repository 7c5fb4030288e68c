package dev.widefeed.perf.results;

import java.util.List;

/**
 * The {@code steady} scenario: the workload's mix at a sweep of offered rates. The knee is the highest offered
 * rate the target still keeps up with under {@code kneeRule}; null if even the lowest rate breaks it.
 */
public record SteadyResult(String backend, String target, List<ReplayResult> points, Double kneeRate,
                           String kneeRule) {
}
