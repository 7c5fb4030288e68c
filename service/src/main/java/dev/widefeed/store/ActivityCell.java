package dev.widefeed.store;

import java.time.Instant;
import java.util.OptionalDouble;

/**
 * A follower's last read and reads a day in one 64-bit value, as both backends keep it on the
 * follow edge: (last read in epoch ms << 20) | round(reads a day x 100). Shares of one edge are all
 * written at the edge's version. Cassandra keeps the larger of two values at one timestamp: ordered by
 * the read first, the later read wins there and brings its own rate (a lone rate column could only
 * ever go up). HBase keeps the later write.
 */
public final class ActivityCell {
    private static final int RATE_BITS = 20;
    private static final long RATE_MASK = (1L << RATE_BITS) - 1;

    private ActivityCell() {}

    public static long pack(Instant lastRead, double readsPerDay) {
        if (!(readsPerDay >= 0) || Double.isInfinite(readsPerDay)) {
            throw new IllegalArgumentException("reads a day must be finite and not negative");
        }
        long rate = Math.min(RATE_MASK, Math.round(readsPerDay * 100));
        return (lastRead.toEpochMilli() << RATE_BITS) | rate;
    }

    /** The reads a day in a packed value (to a hundredth; at most about ten thousand). */
    public static OptionalDouble readsPerDay(Long packed) {
        return packed == null ? OptionalDouble.empty() : OptionalDouble.of((packed & RATE_MASK) / 100.0);
    }
}
