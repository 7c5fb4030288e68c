package dev.widefeed.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** The system clock, moved forward by a test: work that waits on purpose (a guard) comes due without waiting. */
public final class MovableClock extends Clock {
    private final AtomicLong aheadMillis = new AtomicLong();

    public void moveBy(Duration by) {
        aheadMillis.addAndGet(by.toMillis());
    }

    @Override
    public Instant instant() {
        return Instant.now().plusMillis(aheadMillis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
