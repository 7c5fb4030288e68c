package dev.widefeed.reconcile;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import dev.widefeed.kernel.Periodically;
import io.dropwizard.lifecycle.Managed;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the dirty counters' marks that waited for the store ({@link CounterMarks#flush}) every few
 * seconds, and shows the healing in the metrics: {@code counters.dirty.pending} (recounts waiting
 * here plus marks waiting for the store), {@code counters.dirty.marked}, {@code counters.dirty.dropped},
 * {@code counters.drift.corrected} (the sum of the background recounts' corrections) and
 * {@code counters.recount.moving} (recounts that found their counter moving and tried again later).
 */
public final class CounterMarksFlush implements Managed {
    private static final Logger LOG = LoggerFactory.getLogger(CounterMarksFlush.class);
    private static final Duration EVERY = Duration.ofSeconds(5);

    private final CounterMarks marks;
    private final Periodically runs;

    /** @param thread where its runs are made, given by the instance ({@link dev.widefeed.kernel.Threads}) */
    public CounterMarksFlush(
            CounterMarks marks,
            CounterRecountHandler recounts,
            MetricRegistry metrics,
            ScheduledExecutorService thread) {
        this.marks = marks;
        this.runs = new Periodically(thread, this::flush);
        metrics.register("counters.dirty.pending", (Gauge<Integer>) () -> recounts.pending() + marks.waiting());
        metrics.register("counters.dirty.marked", marks.marked());
        metrics.register("counters.dirty.dropped", marks.dropped());
        metrics.register("counters.drift.corrected", recounts.corrected());
        metrics.register("counters.recount.moving", recounts.foundMoving());
    }

    @Override
    public void start() {
        runs.start(EVERY, EVERY);
    }

    private void flush() {
        try {
            if (marks.waiting() > 0) {
                marks.flush();
            }
        } catch (RuntimeException e) { // a run that threw would cancel every later one, so it never throws
            LOG.warn("counter marks: flush failed: {}", e.toString());
        }
    }

    @Override
    public void stop() throws InterruptedException {
        runs.stop();
        marks.flush(); // a last try: marks still waiting now are lost with the process
    }
}
