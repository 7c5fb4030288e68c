package dev.widefeed.perf.load;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One phase's progress line, redrawn in place with {@code '\r'} about once a second (phase, done / total,
 * rate, ETA) and closed with a final line. Writers call {@link #add} from any thread.
 */
final class Progress implements AutoCloseable {
    private final PrintStream out;
    private final String phase;
    private final long started = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private final ScheduledExecutorService redraw;
    private int width;

    /** @param out where the line goes; null for none */
    Progress(PrintStream out, String phase, long total) {
        this.out = out;
        this.phase = phase;
        if (out == null) {
            redraw = null;
        } else {
            redraw = Executors.newSingleThreadScheduledExecutor(Parallel.daemon("load-progress"));
            redraw.scheduleAtFixedRate(
                    () -> draw(running(phase, done.get(), total, elapsedNanos()), ""), 1, 1, TimeUnit.SECONDS);
        }
    }

    String phase() {
        return phase;
    }

    void add(long n) {
        done.addAndGet(n);
    }

    long done() {
        return done.get();
    }

    double seconds() {
        return elapsedNanos() / 1e9;
    }

    @Override
    public void close() {
        if (redraw != null) {
            redraw.shutdownNow();
            try {
                redraw.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            draw(finished(phase, done.get(), elapsedNanos()), System.lineSeparator());
        }
    }

    private long elapsedNanos() {
        return System.nanoTime() - started;
    }

    /** Pads to the previous line's width, so a shorter line leaves nothing of a longer one behind. */
    private synchronized void draw(String line, String end) {
        out.print("\r" + line + " ".repeat(Math.max(0, width - line.length())) + end);
        out.flush();
        width = end.isEmpty() ? line.length() : 0;
    }

    /** E.g. {@code edges: 120,000 / 1,000,000 (12.0%)  40,000/s  ETA 0:22}. */
    static String running(String phase, long done, long total, long elapsedNanos) {
        double rate = elapsedNanos > 0 ? done / (elapsedNanos / 1e9) : 0;
        String eta = done >= total ? clock(0) : rate > 0 ? clock(Math.round((total - done) / rate)) : "--";
        return String.format(
                Locale.ROOT,
                "%s: %,d / %,d (%.1f%%)  %,.0f/s  ETA %s",
                phase,
                done,
                total,
                total > 0 ? 100.0 * done / total : 100.0,
                rate,
                eta);
    }

    /** E.g. {@code edges: 1,000,000 in 25.0 s (40,000/s)}. */
    static String finished(String phase, long done, long elapsedNanos) {
        double seconds = elapsedNanos / 1e9;
        return String.format(
                Locale.ROOT, "%s: %,d in %.1f s (%,.0f/s)", phase, done, seconds, seconds > 0 ? done / seconds : 0);
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour up. */
    static String clock(long seconds) {
        return seconds >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
