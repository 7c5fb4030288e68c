package dev.widefeed.perf.replay;

import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.ReplayResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What happened to every operation of a replay, per kind and for {@code all} workload events: counts, errors with
 * reasons, and response and service times in microseconds. Operations finish on any thread and write to
 * {@link Recorder}s; one thread at a time {@link #sample samples} them into per-second points and totals.
 * Errors are counted, not timed: a fast rejection would flatter the percentiles of the work actually done.
 */
final class Outcomes {
    static final String ALL = "all";
    static final String UNFINISHED = "unfinished when the run ended";

    private final long startNanos;
    private final Optional<HdrLogFiles> logs;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();
    private final Kind all = new Kind();
    private final AtomicLong inFlight = new AtomicLong();
    private final ErrorReasons reasons = new ErrorReasons();
    private final List<ReplayResult.IntervalPoint> points = new ArrayList<>();

    private static final class Kind {
        final Recorder response = new Recorder(3);
        final Recorder service = new Recorder(3);
        final Histogram responseTotal = new Histogram(3);
        final Histogram serviceTotal = new Histogram(3);
        final LongAdder succeeded = new LongAdder();
        final LongAdder errors = new LongAdder();
        final LongAdder dropped = new LongAdder();
        final AtomicLong inFlight = new AtomicLong();

        ReplayResult.KindResult result() {
            long errorCount = errors.sum();
            return new ReplayResult.KindResult(
                    succeeded.sum() + errorCount,
                    errorCount,
                    LatencySummary.ofMicros(responseTotal),
                    LatencySummary.ofMicros(serviceTotal));
        }
    }

    Outcomes(long startNanos, Optional<HdrLogFiles> logs) {
        this.startNanos = startNanos;
        this.logs = logs;
        kinds.put(ALL, all);
    }

    /**
     * Counts the operation in flight, or as dropped if {@code maxInFlight} operations already are. Only the
     * scheduling thread starts operations, and finishing ones only lower the count, so the cap is never passed.
     */
    boolean tryStart(String kind, boolean event, int maxInFlight) {
        if (inFlight.get() >= maxInFlight) {
            each(kind, event, k -> k.dropped.increment());
            return false;
        }
        inFlight.incrementAndGet();
        each(kind, event, k -> k.inFlight.incrementAndGet());
        return true;
    }

    void succeeded(String kind, boolean event, long intendedNanos, long startNanos, long endNanos) {
        long response = Math.max(0, endNanos - intendedNanos) / 1000;
        long service = Math.max(0, endNanos - startNanos) / 1000;
        each(kind, event, k -> {
            k.response.recordValue(response);
            k.service.recordValue(service);
            k.succeeded.increment();
        });
        finished(kind, event);
    }

    void failed(String kind, boolean event, Throwable error) {
        reasons.count(kind, error);
        each(kind, event, k -> k.errors.increment());
        finished(kind, event);
    }

    private void finished(String kind, boolean event) {
        each(kind, event, k -> k.inFlight.decrementAndGet());
        inFlight.decrementAndGet();
    }

    /** Counts what is still in flight as failed: the run is over and will not wait for it. */
    void abandonUnfinished() {
        kinds.forEach((label, k) -> {
            long left = k.inFlight.getAndSet(0);
            if (left > 0) {
                k.errors.add(left);
                if (k != all) {
                    reasons.count(label, UNFINISHED, left);
                }
            }
        });
    }

    private void each(String kind, boolean event, Consumer<Kind> action) {
        Kind k = kinds.get(kind);
        if (k == null) {
            k = kinds.computeIfAbsent(kind, x -> new Kind());
        }
        action.accept(k);
        if (event) {
            action.accept(all);
        }
    }

    /** Moves what was recorded since the last call into the totals, the points and the HDR logs. */
    synchronized void sample(long nowNanos) {
        double second = Math.round((nowNanos - startNanos) / 1e6) / 1e3;
        new TreeMap<>(kinds).forEach((label, k) -> {
            Histogram response = k.response.getIntervalHistogram();
            k.responseTotal.add(response);
            k.serviceTotal.add(k.service.getIntervalHistogram());
            if (response.getTotalCount() > 0) {
                points.add(new ReplayResult.IntervalPoint(
                        second,
                        label,
                        response.getTotalCount(),
                        response.getValueAtPercentile(50) / 1000.0,
                        response.getValueAtPercentile(99) / 1000.0));
                logs.ifPresent(files -> files.write(label, response));
            }
        });
    }

    long inFlight() {
        return inFlight.get();
    }

    /** Workload events finished, successfully or not. */
    long eventsFinished() {
        return all.succeeded.sum() + all.errors.sum();
    }

    long eventErrors() {
        return all.errors.sum();
    }

    long eventsDropped() {
        return all.dropped.sum();
    }

    /** p99 response time of all events sampled so far, in milliseconds. */
    synchronized double p99SoFarMs() {
        return all.responseTotal.getValueAtPercentile(99) / 1000.0;
    }

    /** Per kind, with {@code all}, sorted by kind; call after the last {@link #sample}. */
    synchronized Map<String, ReplayResult.KindResult> results() {
        Map<String, ReplayResult.KindResult> results = new TreeMap<>();
        kinds.forEach((label, k) -> results.put(label, k.result()));
        return results;
    }

    /** Dropped operations per kind that had any ({@code all} aside), sorted by kind. */
    Map<String, Long> drops() {
        Map<String, Long> drops = new TreeMap<>();
        kinds.forEach((label, k) -> {
            if (k != all && k.dropped.sum() > 0) {
                drops.put(label, k.dropped.sum());
            }
        });
        return drops;
    }

    synchronized List<ReplayResult.IntervalPoint> points() {
        return List.copyOf(points);
    }

    ErrorReasons reasons() {
        return reasons;
    }
}
