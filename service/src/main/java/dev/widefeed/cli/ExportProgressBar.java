package dev.widefeed.cli;

import dev.widefeed.export.ExportPlan;
import dev.widefeed.export.ExportProgress;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * An export's progress on the terminal: the share of all splits' key space read (what the time
 * to go is estimated from), rows and rows per second. Redrawn in place on a terminal; a line every
 * ten seconds when the output is a log.
 */
final class ExportProgressBar implements ExportProgress {
    private static final int UNITS_PER_SPLIT = 1_000;

    private final PrintStream out;
    private final LongAdder rows = new LongAdder();
    private final LongAdder rowsBefore = new LongAdder();
    private final DoubleAdder covered = new DoubleAdder();
    private volatile ProgressBar bar;
    private volatile long startedNanos;

    ExportProgressBar(PrintStream out) {
        this.out = out;
    }

    @Override
    public void started(ExportPlan plan) {
        startedNanos = System.nanoTime();
        ProgressBarBuilder builder = new ProgressBarBuilder()
                .setTaskName("export")
                .setInitialMax((long) plan.splitCount() * UNITS_PER_SPLIT)
                .setUnit(" splits", UNITS_PER_SPLIT)
                .setStyle(ProgressBarStyle.ASCII)
                .continuousUpdate();
        if (System.console() == null) {
            builder.setConsumer(new DelegatingProgressBarConsumer(out::println)).setUpdateIntervalMillis(10_000);
        }
        bar = builder.build();
    }

    @Override
    public void resumed(long exportedBefore, boolean done) {
        rowsBefore.add(exportedBefore);
        if (done) {
            splitDone(1);
        }
    }

    @Override
    public void read(int pageRows, double coverage) {
        rows.add(pageRows);
        advance(coverage);
    }

    @Override
    public void splitDone(double coverage) {
        advance(coverage);
    }

    @Override
    public void retrying(String table, String split, RuntimeException cause) {
        out.printf(
                "%n%s %s: the store did not answer (%s); reading the page again%n", table, split, cause.getMessage());
    }

    @Override
    public void stopped() {
        ProgressBar current = bar;
        if (current != null) {
            current.close();
        }
    }

    /** Rows read by this run (not those earlier runs of the same export read). */
    long rowsThisRun() {
        return rows.sum();
    }

    Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    private void advance(double coverage) {
        covered.add(coverage);
        ProgressBar current = bar;
        if (current != null) {
            current.stepTo((long) (covered.sum() * UNITS_PER_SPLIT));
            double seconds = Math.max(elapsed().toNanos() / 1e9, 1e-3);
            current.setExtraMessage(
                    String.format("%,d rows, %,.0f rows/s", rows.sum() + rowsBefore.sum(), rows.sum() / seconds));
        }
    }
}
