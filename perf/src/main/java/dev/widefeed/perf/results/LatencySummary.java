package dev.widefeed.perf.results;

import org.HdrHistogram.Histogram;

/** Percentiles of one latency distribution, in milliseconds; recorded in microseconds. */
public record LatencySummary(
        long count, double meanMs, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs) {
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0);

    public static LatencySummary ofMicros(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(
                micros.getTotalCount(),
                micros.getMean() / 1000.0,
                micros.getValueAtPercentile(50) / 1000.0,
                micros.getValueAtPercentile(90) / 1000.0,
                micros.getValueAtPercentile(99) / 1000.0,
                micros.getValueAtPercentile(99.9) / 1000.0,
                micros.getMaxValue() / 1000.0);
    }
}
