package dev.widefeed.perf.results;

import java.util.List;
import java.util.Map;

/**
 * One open-loop replay at one offered rate. Response time runs from an operation's intended start (its place in
 * the schedule), service time from when it actually started: a stalled target shows in the first even when no
 * single call is slow. Dropped operations were never started because too many were already in flight.
 *
 * @param byKind     per event kind (the {@code EventKind} label), plus {@code "all"}
 * @param overTime   per second of the run and kind: count and response-time percentiles
 * @param fanouts    delivery of the posts whose fan-out was tracked
 */
public record ReplayResult(
        String backend,
        String target,
        double offeredRate,
        double achievedRate,
        double seconds,
        long operations,
        long errors,
        long dropped,
        Map<String, KindResult> byKind,
        List<IntervalPoint> overTime,
        List<FanoutDelay> fanouts) {

    public record KindResult(long count, long errors, LatencySummary response, LatencySummary service) {}

    public record IntervalPoint(double second, String kind, long count, double p50Ms, double p99Ms) {}

    /** How long after a post each delivery tier was done: every active follower of that tier had it. */
    public record FanoutDelay(long postId, int followers, String mode, List<TierDelay> tiers) {}

    public record TierDelay(String tier, long pushed, double seconds) {}
}
