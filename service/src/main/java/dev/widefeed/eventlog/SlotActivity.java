package dev.widefeed.eventlog;

import dev.widefeed.eventlog.EventLogStore.SlotMark;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which slots of which shards hold entries, and who wrote them, as this instance last read the store's marks
 * ({@link EventLogStore#activeSlots}): one read serves the passes over every shard held here, and a pass reads only
 * the slots listed for its shard (and of those, where it knows its own process's appends, only the ones another
 * process wrote to). A slot is read from the store again until it has settled (its minute ended
 * {@link #SETTLE} before the read: no mark can land in it after that, as no entry can); a settled slot is kept
 * as read, so a busy instance re-reads a few minutes of marks, never the hours behind a lagging watermark.
 */
final class SlotActivity {
    /** Entries are appended with the clock of the instance that took the request: slack for skew and slow requests. */
    static final Duration SETTLE = Duration.ofMinutes(1);
    /** Settled slots kept in memory: older ones are read again if a watermark that far back asks for them. */
    private static final long SLOTS_KEPT = 180;

    private final EventLogStore store;
    /** This process's writer, whose marks need no read where its appends are known here; null if none is. */
    private final String ownWriter;
    /** Per slot, per shard: the writers that marked it. */
    private final NavigableMap<Long, Map<Integer, Set<String>>> writersBySlot = new TreeMap<>();
    /** Slots from here up to {@link #settledBelow} are known as read after they settled; none known if MAX_VALUE. */
    private long knownFrom = Long.MAX_VALUE;

    private long settledBelow = Long.MIN_VALUE;
    private Instant readAt = Instant.EPOCH;

    SlotActivity(EventLogStore store, String ownWriter) {
        this.store = store;
        this.ownWriter = ownWriter;
    }

    /**
     * What a pass reads by: the slots of one shard from its watermark on that hold entries, in order, as of a read
     * of the marks at {@code readAt}.
     */
    record View(Instant readAt, List<Listed> slots) {}

    /** A slot that holds entries of the shard, and whether a writer other than this process marked it. */
    record Listed(long slot, boolean othersWrote) {}

    /**
     * The shard's active slots from slot {@code from} to now: the marks are read from the store when the slots known here do not reach back to
     * {@code from}, or the last read is {@code maxAge} old or more (zero: read in any case, for a pass that must see
     * what was appended before it began). A read takes the slots not yet settled, and any older ones not known here.
     */
    synchronized View of(int shard, long from, Instant now, Duration maxAge) {
        if (from < knownFrom) {
            read(from, from, now);
        } else if (maxAge.isZero() || !now.isBefore(readAt.plus(maxAge))) {
            read(Math.max(knownFrom, settledBelow), from, now);
        }
        List<Listed> slots = new ArrayList<>();
        writersBySlot.tailMap(from, true).forEach((slot, shards) -> {
            Set<String> writers = shards.get(shard);
            if (writers != null) {
                boolean others = ownWriter == null || writers.stream().anyMatch(w -> !w.equals(ownWriter));
                slots.add(new Listed(slot, others));
            }
        });
        return new View(readAt, slots);
    }

    /**
     * An entry was appended to the slot here: its pass need not read the marks to find it (the store's mark, written
     * before the entry, says the same to every other instance).
     */
    synchronized void noted(SlotMark appended) {
        note(appended);
    }

    /** The next view reads the marks, however recent the last read: something was appended that this may not know. */
    synchronized void expire() {
        readAt = Instant.EPOCH;
    }

    private void note(SlotMark mark) {
        writersBySlot
                .computeIfAbsent(mark.slot(), s -> new HashMap<>())
                .computeIfAbsent(mark.shard(), s -> new HashSet<>(2))
                .add(mark.writer());
    }

    /** Reads the marks from {@code fromSlot} to now; what is known below {@code asked} may be let go. */
    private void read(long fromSlot, long asked, Instant now) {
        long toSlot = EventLog.slotOf(now);
        List<SlotMark> marks = fromSlot <= toSlot ? store.activeSlots(fromSlot, toSlot) : List.of();
        // Added to what is known, never replacing it: a mark is never taken back, and one noted here may have landed
        // after this read began.
        for (SlotMark mark : marks) {
            note(mark);
        }
        readAt = now;
        // Every slot below this was read after it settled: from here on, by this read; below fromSlot, by earlier ones.
        settledBelow = EventLog.slotOf(now.minus(SETTLE));
        knownFrom = Math.min(knownFrom, fromSlot);
        long keepFrom = Math.min(asked, toSlot - SLOTS_KEPT);
        if (knownFrom < keepFrom) {
            writersBySlot.headMap(keepFrom).clear();
            knownFrom = keepFrom;
        }
    }
}
