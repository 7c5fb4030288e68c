package dev.widefeed.perf;

import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.LatencySummary;

import java.time.Duration;
import java.util.function.DoubleFunction;

/** {@link ClosedLoop}'s measurement of one raw operation as a ceiling entry, for scenarios outside this package. */
public final class ClosedLoopCeiling {
    /** One operation; {@code i} counts up per thread, for operations that pick their inputs by number. */
    @FunctionalInterface
    public interface Operation {
        void run(int thread, long i) throws Exception;
    }

    private ClosedLoopCeiling() {
    }

    /** @param description the entry's description, given the measured operations per second */
    public static CeilingResult.Operation measure(String name, int threads, Duration warmup, Duration measure,
                                                  Operation operation, DoubleFunction<String> description)
            throws InterruptedException {
        ClosedLoop.Result result = ClosedLoop.run(name, threads, warmup, measure, operation::run);
        return new CeilingResult.Operation(name, description.apply(result.perSecond()), threads, result.seconds(),
                result.operations(), result.errors(), result.perSecond(), LatencySummary.ofMicros(result.latencyMicros()));
    }
}
