package dev.widefeed.perf.scenario;

import dev.widefeed.perf.replay.OpenLoopReplayer;
import dev.widefeed.perf.replay.ReplayTarget;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.workload.WorkloadReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The workload's mix offered open-loop at a sweep of rates, lowest first, each for the same time, from the start
 * of the events file: the latency-versus-throughput curve and its knee, the highest offered rate the target keeps
 * up with. A point keeps up when it achieves {@value #ACHIEVED_SHARE} of the offered rate, drops and errors stay
 * under {@value #FAILED_SHARE} of its events, and the p99 response time of all events is within the SLO.
 */
public final class SteadyScenario {
    static final double ACHIEVED_SHARE = 0.95;
    static final double FAILED_SHARE = 0.01;

    /**
     * @param warmup    the lowest rate offered first, unrecorded: a cold JVM's first seconds are not the target's
     * @param rates     offered rates, events per second, in the order run
     * @param perRate   how long each rate is offered
     * @param settle    the pause between rates, for background work (fan-out) the previous one left
     * @param sloP99Ms  the p99 response time (all events) a rate must keep to count as kept up with
     */
    public record Settings(Duration warmup, List<Double> rates, Duration perRate, Duration settle, double sloP99Ms) {
        public Settings {
            rates = List.copyOf(rates);
            if (rates.isEmpty()
                    || rates.stream().anyMatch(r -> !(r > 0))
                    || perRate.isNegative()
                    || warmup.isNegative()
                    || perRate.isZero()
                    || !(sloP99Ms > 0)) {
                throw new IllegalArgumentException("steady needs positive rates, a positive time per rate and SLO");
            }
        }
    }

    private SteadyScenario() {}

    public static SteadyResult run(
            String backend,
            ReplayTarget target,
            WorkloadReader workload,
            Settings settings,
            Path runDirectory,
            PrintStream out)
            throws IOException, InterruptedException {
        return run(backend, target, workload, settings, Optional.empty(), runDirectory, out);
    }

    /**
     * @param storeOperations the store operations made so far, when the target's store is counted (in process): each
     *                        point then reports its operations per event, what it left in the background for the
     *                        settle pause after it included
     */
    public static SteadyResult run(
            String backend,
            ReplayTarget target,
            WorkloadReader workload,
            Settings settings,
            Optional<LongSupplier> storeOperations,
            Path runDirectory,
            PrintStream out)
            throws IOException, InterruptedException {
        if (!settings.warmup().isZero()) {
            double rate = settings.rates().stream()
                    .mapToDouble(Double::doubleValue)
                    .min()
                    .orElseThrow();
            out.printf("steady: warming up at %,.0f events/s for %s (not recorded)%n", rate, settings.warmup());
            try (WorkloadReader.EventStream events = workload.events()) {
                new OpenLoopReplayer(
                                OpenLoopReplayer.Settings.at(rate, workload.eventsPerSecond())
                                        .withMaxDuration(settings.warmup()),
                                out)
                        .run(backend, target, events);
            }
        }
        List<ReplayResult> points = new ArrayList<>();
        List<Double> operationsPerEvent = new ArrayList<>();
        for (int i = 0; i < settings.rates().size(); i++) {
            long operationsBefore = storeOperations.map(LongSupplier::getAsLong).orElse(0L);
            double rate = settings.rates().get(i);
            out.printf(
                    "steady: offering %,.0f events/s for %s (%d of %d)%n",
                    rate, settings.perRate(), i + 1, settings.rates().size());
            OpenLoopReplayer.Settings replay = OpenLoopReplayer.Settings.at(rate, workload.eventsPerSecond())
                    .withMaxDuration(settings.perRate())
                    .withHdrLog(runDirectory.resolve("hdr"), String.format(java.util.Locale.ROOT, "steady-%.0f", rate));
            ReplayResult point;
            try (WorkloadReader.EventStream events = workload.events()) {
                point = new OpenLoopReplayer(replay, out).run(backend, target, events);
            }
            points.add(point);
            Thread.sleep(settings.settle().toMillis());
            if (storeOperations.isPresent() && point.operations() > 0) {
                double perEvent = (double) (storeOperations.get().getAsLong() - operationsBefore) / point.operations();
                operationsPerEvent.add(perEvent);
                out.printf("steady: %,.0f events/s: %.1f store operations per event%n", rate, perEvent);
            } else {
                operationsPerEvent.add(null);
            }
        }
        Double knee = knee(points, settings.sloP99Ms());
        String rule = String.format(
                java.util.Locale.ROOT,
                "achieved >= %.0f %% of offered, drops + errors <= %.0f %% "
                        + "of events, p99 response (all events) <= %.0f ms",
                ACHIEVED_SHARE * 100,
                FAILED_SHARE * 100,
                settings.sloP99Ms());
        SteadyResult result = new SteadyResult(
                backend, target.name(), points, knee, rule, storeOperations.isPresent() ? operationsPerEvent : null);
        Results.write(runDirectory, Results.STEADY, result);
        out.println(
                knee == null
                        ? "steady: no rate kept up (" + rule + ")"
                        : String.format("steady: knee at %,.0f events/s (%s)", knee, rule));
        return result;
    }

    /** The highest offered rate that kept up, if any did. */
    static Double knee(List<ReplayResult> points, double sloP99Ms) {
        Double knee = null;
        for (ReplayResult point : points) {
            if (keptUp(point, sloP99Ms) && (knee == null || point.offeredRate() > knee)) {
                knee = point.offeredRate();
            }
        }
        return knee;
    }

    static boolean keptUp(ReplayResult point, double sloP99Ms) {
        long events = point.operations() + point.dropped();
        ReplayResult.KindResult all = point.byKind().get("all");
        return point.achievedRate() >= ACHIEVED_SHARE * point.offeredRate()
                && point.dropped() + point.errors() <= FAILED_SHARE * Math.max(1, events)
                && all != null
                && all.response().p99Ms() <= sloP99Ms;
    }
}
