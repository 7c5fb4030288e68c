package dev.widefeed.perf.workload;

/**
 * One line of {@code events.tsv.gz}: at {@code offsetMillis} of workload time, {@code actor} does {@code kind}
 * about {@code target} (-1: nobody). Users are the workload's indexes, not store ids; see {@code UserIds}.
 */
public record WorkloadEvent(long offsetMillis, EventKind kind, int actor, int target) {}
