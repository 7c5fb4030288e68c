package dev.widefeed.eventlog;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * What this instance knows of its lease of one shard, so that it asks the store only when a renewal is due, not at
 * every pass. A lease taken or renewed by a call sent at {@code t} runs in the store until at least about
 * {@code t + ttl}; it is renewed once a third of the ttl has passed, and trusted only until two thirds: the last
 * third is the margin for what the store makes of the ttl (Cassandra keeps whole seconds, counted from the second the
 * write lands in) and for the clock skew between instances the HBase lease assumes small. Past that, the shard is
 * not worked here until the store says again that the lease is this instance's.
 * <p>
 * While the lease is held without a break, only this instance writes the shard's watermark, so the one it read or
 * saved last is the store's: it is kept here for the tenure and forgotten with it. (Kept a little too long it would
 * still be safe: a watermark only moves forward, so an old one makes a pass read slots again, never skip one.)
 */
final class ShardLease {
    private final Duration renewAfter;
    private final Duration trustFor;
    private Instant renewedAt;
    private Long watermark;
    /** The watermark as the store holds it (this tenure read or saved it): at or behind {@link #watermark}. */
    private long savedWatermark;

    ShardLease(Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        this.renewAfter = ttl.dividedBy(3);
        this.trustFor = ttl.minus(renewAfter);
    }

    /** Whether the lease is surely this instance's at {@code now}. */
    synchronized boolean heldAt(Instant now) {
        return renewedAt != null && now.isBefore(renewedAt.plus(trustFor));
    }

    /** Whether a lease held at {@code now} should be renewed: a third of its ttl has passed. */
    synchronized boolean renewalDue(Instant now) {
        return heldAt(now) && !now.isBefore(renewedAt.plus(renewAfter));
    }

    /** When the lease should be renewed next, if it is held. */
    synchronized Instant renewAt() {
        return renewedAt == null ? Instant.EPOCH : renewedAt.plus(renewAfter);
    }

    /**
     * The store said the lease is this instance's, to a call sent at {@code sentAt}.
     *
     * @param continued the call was a renewal, which the store grants only if nobody took the lease since this
     *                  instance last held it: no other instance can have moved the watermark, however long ago the
     *                  lease was last trusted here
     */
    synchronized void renewed(Instant sentAt, boolean continued) {
        if (!continued && !heldAt(sentAt)) {
            watermark = null; // a new tenure: another instance may have moved the watermark since
        }
        renewedAt = sentAt;
    }

    /** The lease is someone else's, was given back, or can no longer be trusted. */
    synchronized void lost() {
        renewedAt = null;
        watermark = null;
    }

    /** The shard's watermark as this tenure last read or saved it; empty if it must be read. */
    synchronized OptionalLong watermark() {
        return watermark == null ? OptionalLong.empty() : OptionalLong.of(watermark);
    }

    /** The store holds {@code slot} as the watermark: read or saved by this tenure. */
    synchronized void watermarkSaved(long slot) {
        watermark = slot;
        savedWatermark = slot;
    }

    /** The watermark moved here, the store's left behind. */
    synchronized void watermarkMoved(long slot) {
        watermark = slot;
    }

    /** The watermark the store holds, as of this tenure's last read or save of it. */
    synchronized long savedWatermark() {
        return savedWatermark;
    }

    /** The watermark's last write may or may not have landed (or is behind): read it again next time. */
    synchronized void forgetWatermark() {
        watermark = null;
    }
}
