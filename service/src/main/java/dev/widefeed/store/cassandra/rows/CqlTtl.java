package dev.widefeed.store.cassandra.rows;

import java.time.Duration;

/** A {@link Duration} as the whole seconds of a CQL {@code USING TTL}. */
public final class CqlTtl {
    /** Cassandra rejects a longer TTL (20 years). */
    private static final long MAX_SECONDS = 630_720_000;

    private CqlTtl() {}

    public static int seconds(Duration ttl) {
        long seconds = ttl.toSeconds();
        if (seconds < 1 || seconds > MAX_SECONDS) {
            throw new IllegalArgumentException("ttl must be 1 s to 20 years, was " + ttl);
        }
        return (int) seconds;
    }
}
