package dev.widefeed.drills.soak;

import dev.widefeed.drills.harness.AdminGauges;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Timeline;
import java.io.PrintStream;
import java.util.OptionalDouble;

/**
 * Watches a soak while it runs: reads the fan-out backlog and lag every 10 s (the worst of each is a figure: a
 * backlog that climbs all along is a rate the fan-out does not keep up with, even if it drains at the end) and
 * prints a line a minute, so a long run shows how it goes while it goes.
 */
final class SoakMonitor implements AutoCloseable {
    private static final long SAMPLE_MILLIS = 10_000;

    private final AdminGauges gauges;
    private final Timeline timeline;
    private final double offered;
    private final PrintStream out;
    private final Thread thread;
    private volatile double worstBacklog;
    private volatile double worstLagSeconds;

    SoakMonitor(Api api, Timeline timeline, double offered, PrintStream out) {
        this.gauges = new AdminGauges(api);
        this.timeline = timeline;
        this.offered = offered;
        this.out = out;
        this.thread = new Thread(this::watch, "drill-soak-monitor");
        thread.setDaemon(true);
    }

    SoakMonitor start() {
        thread.start();
        return this;
    }

    double worstBacklog() {
        return worstBacklog;
    }

    double worstLagSeconds() {
        return worstLagSeconds;
    }

    private void watch() {
        int started = timeline.now();
        int printed = started;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            OptionalDouble backlog = gauges.read(AdminGauges.BACKLOG);
            OptionalDouble lag = gauges.read(AdminGauges.LAG);
            worstBacklog = Math.max(worstBacklog, backlog.orElse(0));
            worstLagSeconds = Math.max(worstLagSeconds, lag.orElse(0));
            int now = timeline.now();
            if (now - printed >= 60) {
                out.printf(
                        "soak: minute %d: %s; fan-out backlog %s, lag %s s%n",
                        (now - started) / 60, LoadWindow.of(timeline, offered, printed, now), text(backlog), text(lag));
                printed = now;
            }
        }
    }

    private static String text(OptionalDouble value) {
        return value.isPresent() ? String.valueOf((long) value.getAsDouble()) : "?";
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(Api.TIMEOUT.toMillis());
    }
}
