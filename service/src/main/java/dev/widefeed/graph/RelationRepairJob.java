package dev.widefeed.graph;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import dev.widefeed.kernel.Periodically;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the relation repairer in the background: every {@code period} it finishes the journaled
 * operations that are older than {@code settle} (so live ones are left alone) and that it has not
 * looked at yet. At start it looks back {@code lookback}, which covers a crash of a previous run.
 * {@code relations.repair.lag-seconds} says how far behind now the journal has been checked: about
 * {@code settle} plus up to a {@code period} when all is well, growing while runs fail.
 */
public final class RelationRepairJob implements Managed {
    private static final Logger LOG = LoggerFactory.getLogger(RelationRepairJob.class);

    private final RelationRepairer repairer;
    private final Clock clock;
    private final Duration period;
    private final Duration settle;
    private final Counter finished;
    private final Counter drift;
    private final Periodically runs;
    private volatile Instant checkedUpTo;

    /** @param thread where its runs are made, given by the instance ({@link dev.widefeed.kernel.Threads}) */
    public RelationRepairJob(
            RelationRepairer repairer,
            Clock clock,
            Duration period,
            Duration settle,
            Duration lookback,
            MetricRegistry metrics,
            ScheduledExecutorService thread) {
        this.repairer = repairer;
        this.clock = clock;
        this.period = period;
        this.settle = settle;
        this.checkedUpTo = clock.instant().minus(lookback);
        this.finished = metrics.counter("relations.repair.operations-finished");
        this.drift = metrics.counter("relations.repair.count-drift-fixed");
        this.runs = new Periodically(thread, this::runOnce);
        metrics.registerGauge(
                "relations.repair.lag-seconds",
                () -> Duration.between(checkedUpTo, clock.instant()).toMillis() / 1000.0);
    }

    @Override
    public void start() {
        runs.start(period, period);
    }

    @Override
    public void stop() throws InterruptedException {
        runs.stop();
    }

    synchronized void runOnce() {
        Instant upTo = clock.instant().minus(settle);
        try {
            RelationRepairer.Report report = repairer.repair(checkedUpTo, upTo);
            finished.inc(report.operationsFinished());
            drift.inc(report.countDrift());
            if (report.operationsFinished() > 0) {
                LOG.info(
                        "relation repair finished {} interrupted operations, recounted {} users, fixed drift {}",
                        report.operationsFinished(),
                        report.usersRecounted(),
                        report.countDrift());
            }
            checkedUpTo = upTo;
        } catch (RuntimeException e) {
            LOG.warn("relation repair failed; will retry from {}: {}", checkedUpTo, e.toString());
        }
    }
}
