package dev.widefeed.kernel;

import java.time.Clock;
import java.time.Instant;

/**
 * 64-bit, time-ordered ids (Snowflake layout): 41 bits of milliseconds since {@link #EPOCH},
 * 10 bits of worker id, 12 bits of sequence. Ids from different workers never collide as long as
 * every running instance has its own worker id, and a newer id always compares greater than an
 * older one from the same worker.
 */
public final class IdGenerator {
    public static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");
    public static final int MAX_WORKER_ID = 1023;
    private static final int WORKER_BITS = 10;
    private static final int SEQUENCE_BITS = 12;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;

    private final Clock clock;
    private final long workerId;
    private long lastMillis = -1;
    private long sequence;

    public IdGenerator(int workerId, Clock clock) {
        if (workerId < 0 || workerId > MAX_WORKER_ID) {
            throw new IllegalArgumentException("worker id must be 0.." + MAX_WORKER_ID + ", was " + workerId);
        }
        this.workerId = workerId;
        this.clock = clock;
    }

    public IdGenerator(int workerId) {
        this(workerId, Clock.systemUTC());
    }

    public synchronized long next() {
        long now = Math.max(clock.millis() - EPOCH.toEpochMilli(), lastMillis);
        if (now == lastMillis) {
            sequence = (sequence + 1) & SEQUENCE_MASK;
            if (sequence == 0) {
                now = lastMillis + 1; // sequence exhausted in this millisecond: borrow the next one
            }
        } else {
            sequence = 0;
        }
        lastMillis = now;
        return (now << (WORKER_BITS + SEQUENCE_BITS)) | (workerId << SEQUENCE_BITS) | sequence;
    }

    /** The lowest id any worker can issue at {@code at}: ids at or above it are from {@code at} or later. */
    public static long lowestAt(Instant at) {
        return Math.max(0, at.toEpochMilli() - EPOCH.toEpochMilli()) << (WORKER_BITS + SEQUENCE_BITS);
    }

    /** The creation time encoded in an id. */
    public static Instant timeOf(long id) {
        return EPOCH.plusMillis(id >>> (WORKER_BITS + SEQUENCE_BITS));
    }
}
