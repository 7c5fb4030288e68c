package dev.widefeed.perf.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.WorkloadEvent;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenLoopReplayerTest {
    private static final int STALL_AT = 1000;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    /** A target whose operations {@code operation} starts; with {@code probes}, an instant raw_read beside each. */
    private record FakeTarget(Function<WorkloadEvent, CompletionStage<Long>> operation, boolean probes)
            implements ReplayTarget {
        FakeTarget(Function<WorkloadEvent, CompletionStage<Long>> operation) {
            this(operation, false);
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public CompletionStage<Long> execute(WorkloadEvent event) {
            return operation.apply(event);
        }

        @Override
        public Optional<Probe> probe(WorkloadEvent event) {
            if (!probes) {
                return Optional.empty();
            }
            return Optional.of(new Probe("raw_read", () -> CompletableFuture.completedFuture(System.nanoTime())));
        }

        @Override
        public void close() {}
    }

    @AfterEach
    void showWhatTheReplayerPrinted() {
        System.out.print(printed.toString(StandardCharsets.UTF_8));
    }

    private ReplayResult replay(OpenLoopReplayer.Settings settings, ReplayTarget target, List<WorkloadEvent> events)
            throws Exception {
        return new OpenLoopReplayer(settings, out).run("none", target, events.iterator());
    }

    @Test
    void aStalledWorkerShowsInTheResponseTimeOfEverythingQueuedBehindIt() throws Exception {
        ExecutorService worker = Executors.newSingleThreadExecutor();
        AtomicInteger n = new AtomicInteger();
        FakeTarget target = new FakeTarget(event -> {
            boolean stall = n.getAndIncrement() == STALL_AT;
            return CompletableFuture.supplyAsync(
                    () -> {
                        long start = System.nanoTime();
                        if (stall) {
                            sleep(1000);
                        }
                        return start;
                    },
                    worker);
        });
        try {
            ReplayResult result = replay(
                    OpenLoopReplayer.Settings.at(1000, 1000), target, TestEvents.poisson(1000, 3000, EventKind.LIKE));
            ReplayResult.KindResult all = result.byKind().get("all");
            assertThat(result.operations()).isEqualTo(3000);
            assertThat(result.errors()).isZero();
            assertThat(result.dropped()).isZero();
            // ~1000 operations were due during the stall: each waited out the rest of it.
            assertThat(all.response().maxMs()).isGreaterThan(900);
            assertThat(all.response().p99Ms()).isGreaterThan(500);
            // Served, each was as quick as ever: a closed-loop measure of service time alone would hide the stall.
            assertThat(all.service().p99Ms()).isLessThan(100);
            assertThat(all.service().maxMs()).isGreaterThan(900);
            assertThat(result.byKind().get("like").count()).isEqualTo(3000);
        } finally {
            worker.shutdownNow();
        }
    }

    @Test
    void anExecuteCallThatHoldsUpTheSchedulerStillShowsInResponseTimes() throws Exception {
        AtomicInteger n = new AtomicInteger();
        FakeTarget target = new FakeTarget(event -> {
            long start = System.nanoTime();
            if (n.getAndIncrement() == STALL_AT) {
                sleep(1000); // on the scheduling thread: nothing else is issued meanwhile
            }
            return CompletableFuture.completedFuture(start);
        });
        ReplayResult result = replay(
                OpenLoopReplayer.Settings.at(1000, 1000), target, TestEvents.poisson(1000, 3000, EventKind.HOME_READ));
        ReplayResult.KindResult all = result.byKind().get("all");
        assertThat(result.operations()).isEqualTo(3000);
        // The events due during the stall were issued late: their lateness is response time.
        assertThat(all.response().p99Ms()).isGreaterThan(500);
        assertThat(all.response().maxMs()).isGreaterThan(900);
        assertThat(all.service().p99Ms()).isLessThan(100);
    }

    @Test
    void pastMaxInFlightEventsAreDroppedAndCounted() throws Exception {
        FakeTarget never = new FakeTarget(event -> new CompletableFuture<>());
        ReplayResult result = replay(
                OpenLoopReplayer.Settings.at(2000, 2000)
                        .withMaxInFlight(10)
                        .withMaxEvents(200)
                        .withDrainTimeout(Duration.ofMillis(100)),
                never,
                TestEvents.poisson(2000, 1000, EventKind.POST));
        assertThat(result.dropped()).isEqualTo(190);
        assertThat(result.operations()).isEqualTo(10);
        assertThat(result.errors()).as("still in flight at the end").isEqualTo(10);
        assertThat(result.byKind().get("post").errors()).isEqualTo(10);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("post: " + Outcomes.UNFINISHED);
    }

    @Test
    void theOfferedRateIsHonouredAndLoggedPerSecond(@TempDir Path logs) throws Exception {
        FakeTarget instant = new FakeTarget(event -> CompletableFuture.completedFuture(System.nanoTime()));
        // A workload generated at 1,000/s, replayed twice as fast.
        OpenLoopReplayer.Settings settings = OpenLoopReplayer.Settings.at(2000, 1000)
                .withMaxDuration(Duration.ofSeconds(2))
                .withHdrLog(logs, "run");
        ReplayResult result = replay(settings, instant, TestEvents.poisson(1000, 10_000, EventKind.POST));

        assertThat(result.offeredRate()).isEqualTo(2000);
        assertThat(result.achievedRate()).isCloseTo(2000, within(200.0));
        assertThat(result.seconds()).isCloseTo(2.0, within(0.2));
        assertThat(result.operations()).isBetween(3600L, 4400L);
        long perSecond = result.overTime().stream()
                .filter(p -> p.kind().equals("all"))
                .mapToLong(ReplayResult.IntervalPoint::count)
                .sum();
        assertThat(perSecond).isEqualTo(result.operations());
        assertThat(result.overTime()).anyMatch(p -> p.kind().equals("post") && p.second() >= 1.0);
        long logged = 0;
        HistogramLogReader reader = new HistogramLogReader(
                settings.hdrLog().orElseThrow().file("all").toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            logged += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
        assertThat(logged).isEqualTo(result.operations());
        assertThat(result.fanouts()).isEmpty();
    }

    @Test
    void probesRunBesideTheirEventsUnderTheirOwnKindAndErrorsAreCountedByKind() throws Exception {
        AtomicInteger n = new AtomicInteger();
        FakeTarget probing = new FakeTarget(
                event -> {
                    if (n.incrementAndGet() % 4 == 0) {
                        return CompletableFuture.failedFuture(new IllegalStateException("no post 1234567"));
                    }
                    return CompletableFuture.completedFuture(System.nanoTime());
                },
                true);
        ReplayResult result = replay(
                OpenLoopReplayer.Settings.at(2000, 2000), probing, TestEvents.poisson(2000, 100, EventKind.HOME_READ));
        assertThat(result.operations()).isEqualTo(100);
        assertThat(result.errors()).isEqualTo(25);
        assertThat(result.byKind().get("home_read").errors()).isEqualTo(25);
        assertThat(result.byKind().get("home_read").response().count()).isEqualTo(75);
        assertThat(result.byKind().get("raw_read").count()).isEqualTo(100);
        assertThat(result.byKind().get("raw_read").errors()).isZero();
        assertThat(result.byKind().get("all").count())
                .as("probes are not workload events")
                .isEqualTo(100);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("25  home_read: IllegalStateException: no post #");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
