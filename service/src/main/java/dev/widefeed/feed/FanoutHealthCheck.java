package dev.widefeed.feed;

import com.codahale.metrics.health.HealthCheck;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** Unhealthy while fan-out work is pending here and no page of it was done for {@code stallAfter}. */
public final class FanoutHealthCheck extends HealthCheck {
    private final FanoutJob job;
    private final Duration stallAfter;
    private final Clock clock;

    public FanoutHealthCheck(FanoutJob job, Duration stallAfter, Clock clock) {
        this.job = job;
        this.stallAfter = stallAfter;
        this.clock = clock;
    }

    @Override
    protected Result check() {
        int backlog = job.backlog();
        Instant last = job.lastProgress();
        if (backlog > 0 && last.isBefore(clock.instant().minus(stallAfter))) {
            return Result.unhealthy("fan-out stalled: %d tasks pending, no page done since %s (lag %d s)",
                    backlog, last, job.lag().toSeconds());
        }
        return Result.healthy("%d tasks pending, lag %d s", backlog, job.lag().toSeconds());
    }
}
