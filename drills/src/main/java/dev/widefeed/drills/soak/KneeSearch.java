package dev.widefeed.drills.soak;

import dev.widefeed.drills.harness.AdminGauges;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.MixedLoad;
import dev.widefeed.drills.harness.RenewedLoad;
import dev.widefeed.drills.harness.Sessions;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The highest rate of a mix the service keeps up with, found with the drill's own load: the perf module's knee
 * (perf/README.md, "steady") of a step that achieves {@value #ACHIEVED_SHARE} of the offered rate with at most
 * {@value #FAILED_SHARE} of its requests failed (5xx, none, or 4xx: none is expected of this load) and a p99 (timed from when each request was due) within
 * {@value #SLO_P99_MS} ms. Rates double from the lowest until one does not keep up, then the gap between the last
 * that did and the first that did not is halved {@value #BISECTIONS} times. Each step starts on a drained fan-out
 * backlog, so a step past the knee does not weigh on the next.
 *
 * <p>The load is {@link MixedLoad#openLoop()} on a fixed number of threads: past about threads / latency requests a
 * second the threads cannot keep their schedule, which shows as a lower achieved rate and a p99 that includes the
 * wait. So the knee is that of the service, provided it is below that bound (a step's p99 says how far it is).
 */
final class KneeSearch {
    static final double ACHIEVED_SHARE = 0.95;
    static final double FAILED_SHARE = 0.01;
    static final double SLO_P99_MS = 500;
    static final int BISECTIONS = 3;

    /** The knee (0 when not even the lowest rate kept up) and every recorded step, in the order run. */
    record Result(double knee, List<LoadWindow> steps) {}

    private final DrillSession session;
    private final Sessions sessions;
    private final MixedLoad.Mix mix;
    private final int threads;
    private final Duration step;
    private final AdminGauges gauges;
    private final PrintStream out;

    KneeSearch(
            DrillSession session, Sessions sessions, MixedLoad.Mix mix, int threads, Duration step, PrintStream out) {
        this.session = session;
        this.sessions = sessions;
        this.mix = mix;
        this.threads = threads;
        this.step = step;
        this.gauges = new AdminGauges(session.api);
        this.out = out;
    }

    Result find(double lowest, double highest) throws InterruptedException {
        out.printf("knee: warming up at %,.0f/s for %d s (not recorded)%n", lowest, step.toSeconds());
        offer(lowest);
        List<LoadWindow> steps = new ArrayList<>();
        double kept = 0;
        double missed = 0;
        for (double rate = lowest; rate <= highest; rate *= 2) {
            LoadWindow w = recorded(rate, steps);
            if (!keptUp(w)) {
                missed = rate;
                break;
            }
            kept = rate;
        }
        if (kept > 0 && missed > 0) {
            for (int i = 0; i < BISECTIONS; i++) {
                double rate = Math.rint((kept + missed) / 2);
                if (keptUp(recorded(rate, steps))) {
                    kept = rate;
                } else {
                    missed = rate;
                }
            }
        }
        out.printf("knee: %s%n", kept > 0 ? String.format("%,.0f requests/s", kept) : "none: the lowest rate missed");
        return new Result(kept, List.copyOf(steps));
    }

    static boolean keptUp(LoadWindow w) {
        return w.achieved() >= ACHIEVED_SHARE * w.offered()
                && w.failed() + w.clientErrors() <= FAILED_SHARE * Math.max(1, w.answers())
                && w.p99Ms() <= SLO_P99_MS;
    }

    private LoadWindow recorded(double rate, List<LoadWindow> steps) throws InterruptedException {
        LoadWindow w = offer(rate);
        steps.add(w);
        out.printf("knee: step %d: %s: %s%n", steps.size(), w, keptUp(w) ? "kept up" : "missed");
        return w;
    }

    /** Offers the rate for one step, then waits (up to a minute) for the fan-out it left to be worked off. */
    private LoadWindow offer(double rate) throws InterruptedException {
        RenewedLoad load = new RenewedLoad(session, sessions, mix, threads, rate).start();
        int from = session.timeline.now() + 1; // whole seconds only
        Thread.sleep(step.toMillis());
        int to = session.timeline.now();
        load.close();
        gauges.awaitNoBacklog(Duration.ofMinutes(1));
        return LoadWindow.of(session.timeline, rate, from, to);
    }
}
