package dev.widefeed.eventlog;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * Each held shard's watermark as its tenure knows it ({@link ShardLease}): read from the store once per tenure, then
 * kept as the passes save it. A shard that never had one is read from {@code initialLookback} ago.
 */
final class ShardWatermarks {
    private final EventLogStore store;
    private final ShardLeases leases;
    private final Duration initialLookback;

    ShardWatermarks(EventLogStore store, ShardLeases leases, Duration initialLookback) {
        this.store = store;
        this.leases = leases;
        this.initialLookback = initialLookback;
    }

    /** The shard's watermark: as this tenure last read or saved it, else read (and kept). */
    long of(int shard, Instant now) {
        ShardLease lease = leases.of(shard);
        OptionalLong known = lease.watermark();
        if (known.isPresent()) {
            return known.getAsLong();
        }
        long read = store.watermark(shard).orElse(EventLog.slotOf(now.minus(initialLookback)));
        lease.watermarkIs(read);
        return read;
    }

    void save(int shard, long watermark) {
        store.saveWatermark(shard, watermark);
        leases.of(shard).watermarkIs(watermark);
    }

    /** A save may have failed and landed all the same: the watermark is read again next time. */
    void unsure(int shard) {
        leases.of(shard).forgetWatermark();
    }
}
