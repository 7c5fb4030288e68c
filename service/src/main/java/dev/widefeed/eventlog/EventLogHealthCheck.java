package dev.widefeed.eventlog;

import com.codahale.metrics.health.HealthCheck;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** Unhealthy while event log work is pending here and no turn got any of it done for {@code stallAfter}. */
public final class EventLogHealthCheck extends HealthCheck {
    private final EventLogJob job;
    private final Duration stallAfter;
    private final Clock clock;

    public EventLogHealthCheck(EventLogJob job, Duration stallAfter, Clock clock) {
        this.job = job;
        this.stallAfter = stallAfter;
        this.clock = clock;
    }

    @Override
    protected Result check() {
        int backlog = job.backlog();
        Instant last = job.lastProgress();
        if (backlog > 0 && last.isBefore(clock.instant().minus(stallAfter))) {
            return Result.unhealthy(
                    "event log stalled: %d entries pending, no work done since %s (lag %d s)",
                    backlog, last, job.lag().toSeconds());
        }
        return Result.healthy("%d entries pending, lag %d s", backlog, job.lag().toSeconds());
    }
}
