package dev.widefeed.eventlog;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Each held shard's watermark as its tenure knows it ({@link ShardLease}): read from the store once per tenure, then
 * kept as the passes move it. A shard that never had one is read from {@code initialLookback} ago. A move past slots
 * that held entries is saved at once (a next holder would read them again); a move past empty slots only every
 * {@link #SAVE_EVERY_SLOTS}: a next holder starting from an older one reads only the active slots' marks of the
 * range, which costs a read an hour, so a quiet shard need not write its watermark every minute.
 */
final class ShardWatermarks {
    static final long SAVE_EVERY_SLOTS = 60;

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
        Optional<Long> stored = store.watermark(shard);
        if (stored.isPresent()) {
            lease.watermarkSaved(stored.get());
            return stored.get();
        }
        // None saved: the first move saves one, or a next holder would start from its own lookback, maybe past it.
        long lookback = EventLog.slotOf(now.minus(initialLookback));
        lease.watermarkSaved(Long.MIN_VALUE);
        lease.watermarkMoved(lookback);
        return lookback;
    }

    /** The shard's watermark moves forward: saved if it passed entries or the saved one is far behind. */
    void move(int shard, long watermark, boolean passedEntries) {
        ShardLease lease = leases.of(shard);
        if (passedEntries || watermark >= lease.savedWatermark() + SAVE_EVERY_SLOTS) {
            store.saveWatermark(shard, watermark);
            lease.watermarkSaved(watermark);
        } else {
            lease.watermarkMoved(watermark);
        }
    }

    /** A save may have failed and landed all the same: the watermark is read again next time. */
    void unsure(int shard) {
        leases.of(shard).forgetWatermark();
    }
}
