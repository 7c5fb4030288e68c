package dev.widefeed.eventlog;

import java.time.Duration;
import java.time.Instant;

/**
 * When a shard's next pass is due here. A pass that found work pending (or got some done) is followed by the next
 * one {@code busy} later, as before. A pass that found nothing pending doubles the wait, from {@code busy} up to
 * {@code idle}: a quiet shard costs a few reads every {@code idle}, not every {@code busy}, and most shards are quiet
 * most of the time.
 * <p>
 * An entry appended by this instance wakes a quiet shard ({@link #wake}): its next pass is due at once, so the
 * backoff delays only what other instances append. A wake during a pass is kept for after it: that pass may have read
 * the slot before the entry landed. A shard with work pending is not woken: it is passed over every {@code busy}
 * anyway, and a busy log read at every append would read its slots many times a second. Most entries are appended
 * just before the change they announce, so a woken pass may come before that change has landed: when it leaves work
 * pending, the next passes come at a tenth of {@code busy}, doubling back up to it.
 * <p>
 * Once a shard waits the whole {@code idle}, its passes fall on the instants that are whole multiples of
 * {@code idle} since the epoch (the first such one up to {@code idle} away): every quiet shard held here then comes
 * due at the same instant, and their passes share one read of the active slots ({@link SlotActivity}) instead of
 * making one each, at different times.
 */
final class ShardPace {
    private final Duration busy;
    private final Duration idle;
    private final Duration quick;
    private Duration wait;
    private Instant next = Instant.EPOCH;
    /** The last pass found nothing pending. */
    private boolean quiet = true;
    /** Woken since the pass under way (if any) began. */
    private boolean woken;
    /** The pass under way began woken. */
    private boolean passWoken;

    ShardPace(Duration busy, Duration idle) {
        if (busy.isNegative() || busy.isZero()) {
            throw new IllegalArgumentException("busy pace must be positive, was " + busy);
        }
        this.busy = busy;
        this.idle = idle.compareTo(busy) < 0 ? busy : idle;
        this.quick = busy.dividedBy(10);
        this.wait = busy;
    }

    synchronized boolean due(Instant now) {
        return woken || !now.isBefore(next);
    }

    /** When the next pass is due, a wake aside. */
    synchronized Instant next() {
        return next;
    }

    /** A pass starts reading: what was appended before now, it sees. */
    synchronized void begin() {
        passWoken = woken;
        woken = false;
    }

    /** The pass found work pending or got some done (or failed, and is tried again at the busy pace). */
    synchronized void busy(Instant now) {
        quiet = false;
        if (passWoken) {
            wait = quick;
        } else {
            wait = wait.compareTo(busy) < 0 ? min(wait.multipliedBy(2), busy) : busy;
        }
        passWoken = false;
        next = now.plus(wait);
    }

    /** The pass found nothing pending (or the shard could not be leased): wait twice as long as last time. */
    synchronized void quiet(Instant now) {
        quiet = true;
        passWoken = false;
        wait = min(max(wait.multipliedBy(2), busy), idle);
        next = wait.equals(idle) ? onIdleGrid(now.plus(wait)) : now.plus(wait);
    }

    /** The last whole multiple of {@code idle} since the epoch at or before {@code at}: less than idle before it. */
    private Instant onIdleGrid(Instant at) {
        long step = idle.toMillis();
        return step <= 0 ? at : Instant.ofEpochMilli(Math.floorDiv(at.toEpochMilli(), step) * step);
    }

    /** Something was appended to the shard here: pass again at once, unless work is pending anyway. */
    synchronized void wake() {
        if (quiet) {
            woken = true;
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
