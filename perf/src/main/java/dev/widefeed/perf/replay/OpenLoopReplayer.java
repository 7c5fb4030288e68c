package dev.widefeed.perf.replay;

import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.workload.WorkloadEvent;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Replays a workload open-loop: event {@code i} is due at {@code t0 + offset_i x workloadRate / offeredRate}, the
 * workload's own Poisson schedule stretched or squeezed to the offered rate, whether or not earlier operations
 * have finished. One scheduling thread waits for each due time and hands the event to the target.
 *
 * <p>Response time runs from the due time, not from when the operation got going: if the target stalls, or its
 * {@code execute} holds up the scheduling thread, the due times still advance and the wait shows in the response
 * times of everything behind the stall (no coordinated omission). Service time runs from the start the target
 * reports. When {@code maxInFlight} operations are outstanding an event is dropped and counted, so an overloaded
 * target cannot make the replay queue without bound.
 */
public final class OpenLoopReplayer {
    private static final long SAMPLE_MILLIS = 1000;
    private static final int SAMPLES_PER_PROGRESS_LINE = 5;
    private static final int TOP_ERRORS = 10;

    /**
     * @param offeredRate  events per second to offer
     * @param workloadRate events per second the workload's offsets were generated at
     * @param maxDuration  stop scheduling events due after this long; empty: until the events run out
     * @param maxEvents    stop after scheduling this many events
     * @param maxInFlight  outstanding operations (probes included) beyond which events are dropped
     * @param drainTimeout how long to wait for outstanding operations once scheduling ends; those still out then
     *                     count as errors
     * @param hdrLog       where to write {@code <name>-<kind>.hlog} response-time logs, if anywhere
     */
    public record Settings(
            double offeredRate,
            double workloadRate,
            Optional<Duration> maxDuration,
            long maxEvents,
            int maxInFlight,
            Duration drainTimeout,
            Optional<HdrLog> hdrLog) {
        public Settings {
            if (!(offeredRate > 0)
                    || !(workloadRate > 0)
                    || Double.isInfinite(offeredRate)
                    || Double.isInfinite(workloadRate)) {
                throw new IllegalArgumentException("rates must be finite and above 0");
            }
            if (maxEvents < 0 || maxInFlight < 1 || drainTimeout.isNegative()) {
                throw new IllegalArgumentException("bad replay limits");
            }
        }

        /** No duration or event limit, at most 10,000 in flight, 30 s to drain, no HDR logs. */
        public static Settings at(double offeredRate, double workloadRate) {
            return new Settings(
                    offeredRate,
                    workloadRate,
                    Optional.empty(),
                    Long.MAX_VALUE,
                    10_000,
                    Duration.ofSeconds(30),
                    Optional.empty());
        }

        public Settings withMaxDuration(Duration duration) {
            return new Settings(
                    offeredRate, workloadRate, Optional.of(duration), maxEvents, maxInFlight, drainTimeout, hdrLog);
        }

        public Settings withMaxEvents(long events) {
            return new Settings(offeredRate, workloadRate, maxDuration, events, maxInFlight, drainTimeout, hdrLog);
        }

        public Settings withMaxInFlight(int operations) {
            return new Settings(offeredRate, workloadRate, maxDuration, maxEvents, operations, drainTimeout, hdrLog);
        }

        public Settings withDrainTimeout(Duration timeout) {
            return new Settings(offeredRate, workloadRate, maxDuration, maxEvents, maxInFlight, timeout, hdrLog);
        }

        public Settings withHdrLog(Path directory, String name) {
            return new Settings(
                    offeredRate,
                    workloadRate,
                    maxDuration,
                    maxEvents,
                    maxInFlight,
                    drainTimeout,
                    Optional.of(new HdrLog(directory, name)));
        }
    }

    public record HdrLog(Path directory, String name) {
        /** The log of one kind's response times. */
        public Path file(String kind) {
            return HdrLogFiles.file(directory, name, kind);
        }
    }

    private final Settings settings;
    private final PrintStream out;

    public OpenLoopReplayer(Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /**
     * Replays {@code events} (in offset order) against {@code target}, which stays open for the caller. In the
     * result, {@code operations} counts workload events started and {@code dropped} those never started; probes
     * appear only under their own kind in {@code byKind} and {@code overTime}; {@code overTime} has a point per kind
     * for each second that kind finished operations in, at the second the interval ended; {@code fanouts} is empty
     * (see {@link FanoutDelays}).
     */
    public ReplayResult run(String backend, ReplayTarget target, Iterator<WorkloadEvent> events)
            throws InterruptedException, IOException {
        if (settings.hdrLog().isPresent()) {
            Files.createDirectories(settings.hdrLog().get().directory());
        }
        long t0 = System.nanoTime();
        Optional<HdrLogFiles> logs =
                settings.hdrLog().map(log -> new HdrLogFiles(log.directory(), log.name(), System.currentTimeMillis()));
        Outcomes outcomes = new Outcomes(t0, logs);
        AtomicLong scheduled = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "replay-sampler");
            thread.setDaemon(true);
            return thread;
        });
        AtomicLong samples = new AtomicLong();
        sampler.scheduleAtFixedRate(
                () -> {
                    long now = System.nanoTime();
                    outcomes.sample(now);
                    if (samples.incrementAndGet() % SAMPLES_PER_PROGRESS_LINE == 0) {
                        progress(outcomes, (now - t0) / 1e9, scheduled.get());
                    }
                },
                SAMPLE_MILLIS,
                SAMPLE_MILLIS,
                TimeUnit.MILLISECONDS);
        long end;
        try {
            schedule(target, events, outcomes, t0, scheduled);
            long drainUntil = System.nanoTime() + settings.drainTimeout().toNanos();
            while (outcomes.inFlight() > 0 && System.nanoTime() - drainUntil < 0) {
                Thread.sleep(1);
            }
        } finally {
            sampler.shutdown();
            try {
                sampler.awaitTermination(10, TimeUnit.SECONDS);
            } finally {
                end = System.nanoTime();
                outcomes.sample(end);
                logs.ifPresent(HdrLogFiles::close);
            }
        }
        double seconds = (end - t0) / 1e9;
        double achieved = outcomes.eventsFinished() / seconds;
        outcomes.abandonUnfinished();
        Map<String, ReplayResult.KindResult> byKind = outcomes.results();
        ReplayResult result = new ReplayResult(
                backend,
                target.name(),
                settings.offeredRate(),
                achieved,
                seconds,
                byKind.get(Outcomes.ALL).count(),
                outcomes.eventErrors(),
                outcomes.eventsDropped(),
                byKind,
                outcomes.points(),
                List.of());
        summarize(result, outcomes, target);
        return result;
    }

    private void schedule(
            ReplayTarget target, Iterator<WorkloadEvent> events, Outcomes outcomes, long t0, AtomicLong scheduled)
            throws InterruptedException {
        long maxNanos = settings.maxDuration().map(Duration::toNanos).orElse(Long.MAX_VALUE);
        double nanosPerOffsetMilli = 1e6 * settings.workloadRate() / settings.offeredRate();
        long firstOffset = -1;
        while (scheduled.get() < settings.maxEvents() && events.hasNext()) {
            WorkloadEvent event = events.next();
            if (firstOffset < 0) {
                firstOffset = event.offsetMillis();
            }
            long intended = t0 + Math.round((event.offsetMillis() - firstOffset) * nanosPerOffsetMilli);
            if (intended - t0 > maxNanos) {
                return;
            }
            waitUntil(intended);
            scheduled.incrementAndGet();
            issue(outcomes, event.kind().label(), true, intended, () -> target.execute(event));
            Optional<ReplayTarget.Probe> probe = target.probe(event);
            if (probe.isPresent()) {
                issue(outcomes, probe.get().kind(), false, intended, probe.get().start());
            }
        }
    }

    private static void waitUntil(long nanos) throws InterruptedException {
        for (long left = nanos - System.nanoTime(); left > 0; left = nanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    private void issue(
            Outcomes outcomes, String kind, boolean event, long intended, Supplier<CompletionStage<Long>> start) {
        if (!outcomes.tryStart(kind, event, settings.maxInFlight())) {
            return;
        }
        CompletionStage<Long> stage;
        try {
            stage = start.get();
        } catch (RuntimeException e) {
            outcomes.failed(kind, event, e);
            return;
        }
        stage.whenComplete((started, error) -> {
            long end = System.nanoTime();
            if (error != null) {
                outcomes.failed(kind, event, error);
            } else {
                outcomes.succeeded(kind, event, intended, started, end);
            }
        });
    }

    private void progress(Outcomes outcomes, double elapsed, long scheduled) {
        out.printf(
                "replay %6.0f s: offered %,.0f/s (asked %,.0f/s), achieved %,.0f/s, in flight %,d, dropped %,d, "
                        + "errors %,d, p99 %.1f ms%n",
                elapsed,
                scheduled / elapsed,
                settings.offeredRate(),
                outcomes.eventsFinished() / elapsed,
                outcomes.inFlight(),
                outcomes.eventsDropped(),
                outcomes.eventErrors(),
                outcomes.p99SoFarMs());
    }

    private void summarize(ReplayResult result, Outcomes outcomes, ReplayTarget target) {
        out.printf(
                "replay done: %.1f s, %,d events started, offered %,.0f/s, achieved %,.0f/s, dropped %,d, "
                        + "errors %,d%n",
                result.seconds(),
                result.operations(),
                result.offeredRate(),
                result.achievedRate(),
                result.dropped(),
                result.errors());
        out.printf(
                "  %-10s %9s %7s %9s %9s %9s %9s %12s%n",
                "kind", "count", "errors", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "svc p99 ms");
        result.byKind()
                .forEach((kind, k) -> out.printf(
                        "  %-10s %,9d %,7d %9.2f %9.2f %9.2f %9.2f %12.2f%n",
                        kind,
                        k.count(),
                        k.errors(),
                        k.response().p50Ms(),
                        k.response().p99Ms(),
                        k.response().p999Ms(),
                        k.response().maxMs(),
                        k.service().p99Ms()));
        Map<String, Long> drops = outcomes.drops();
        if (!drops.isEmpty()) {
            out.println("  dropped by kind: " + drops);
        }
        List<Map.Entry<String, Long>> errors = outcomes.reasons().top(TOP_ERRORS);
        if (!errors.isEmpty()) {
            out.println("  top error reasons:");
            errors.forEach(e -> out.printf("    %,9d  %s%n", e.getValue(), e.getKey()));
        }
        target.summarize(out);
    }
}
