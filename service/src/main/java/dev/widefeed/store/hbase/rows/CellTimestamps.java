package dev.widefeed.store.hbase.rows;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Cell timestamps for rows that are added and removed again and again (marks, memberships):
 * microseconds of the wall clock, strictly increasing within this process. A delete marker masks
 * every cell up to its own timestamp, so with the region server's milliseconds an add right after a
 * remove (same millisecond) would stay invisible; and one timestamp for all the writes of one change
 * lets racing changes end the same way in every table they touch.
 */
public final class CellTimestamps {
    private final Clock clock;
    private final AtomicLong last = new AtomicLong();

    public CellTimestamps(Clock clock) {
        this.clock = clock;
    }

    public long next() {
        Instant now = clock.instant();
        long micros = Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000);
        return last.accumulateAndGet(micros, (previous, wall) -> Math.max(previous + 1, wall));
    }
}
