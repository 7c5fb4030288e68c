package dev.widefeed.eventlog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a shard's slots that hold entries (as {@link SlotActivity} lists them) and opens each entry in them not known finished here with the handler of its kind. An entry
 * of a kind no handler here knows (appended by a newer version) is counted, and stays pending until an instance that
 * knows it takes the shard.
 */
final class ShardScan {
    private static final Logger LOG = LoggerFactory.getLogger(ShardScan.class);

    private final EventLogStore store;
    private final OwnEntries own;
    private final Map<String, LogHandler> handlers;
    private final FinishedEntries finished;
    /** Entries of unknown kinds per shard at its last scan here, so the warning is not repeated every poll. */
    private final Map<Integer, Integer> unknownByShard = new ConcurrentHashMap<>();

    /**
     * What the slots held.
     *
     * @param pending           the work opened and not done
     * @param unknown           the entries of kinds no handler here knows
     * @param oldestUnknownSlot the slot of the oldest of those, {@link Long#MAX_VALUE} if none
     * @param slotsRead         the slots that hold entries, read or known here, in order
     */
    record Found(List<PendingWork> pending, int unknown, long oldestUnknownSlot, List<Long> slotsRead) {}

    ShardScan(EventLogStore store, OwnEntries own, Map<String, LogHandler> handlers, FinishedEntries finished) {
        this.store = store;
        this.own = own;
        this.handlers = handlers;
        this.finished = finished;
    }

    /** The watermark passed below {@code slot}: nothing of the shard's earlier slots is asked for again. */
    void forgetBelow(int shard, long slot) {
        own.forgetBelow(shard, slot);
    }

    /**
     * The shard's entries in {@code slots} (those holding any, in order): read from the store, or, for a slot only
     * this process wrote to, known here ({@link OwnEntries}); those found done are finished here.
     */
    Found slots(int shard, List<SlotActivity.Listed> slots) {
        List<PendingWork> pending = new ArrayList<>();
        long oldestUnknownSlot = Long.MAX_VALUE;
        int unknown = 0;
        List<Long> scanned = new ArrayList<>(slots.size());
        for (SlotActivity.Listed listed : slots) {
            long slot = listed.slot();
            scanned.add(slot);
            List<LogEntry> entries = listed.othersWrote()
                    ? store.entries(shard, slot)
                    : own.known(shard, slot).orElseGet(() -> store.entries(shard, slot));
            for (LogEntry entry : entries) {
                LogHandler handler = handlers.get(entry.handlerKind());
                if (handler == null) {
                    unknown++;
                    oldestUnknownSlot = Math.min(oldestUnknownSlot, slot);
                } else if (!finished.contains(entry)) {
                    LogHandler.Work work = handler.open(entry);
                    if (work.done()) {
                        finished.add(entry);
                    } else {
                        pending.add(new PendingWork(entry, handler, work));
                    }
                }
            }
        }
        Integer unknownBefore = unknownByShard.put(shard, unknown);
        if (unknown > 0 && (unknownBefore == null || unknownBefore != unknown)) {
            // Once per change, not every poll: during a rolling upgrade this lasts as long as the upgrade.
            LOG.warn(
                    "event log: {} entries of shard {} are of kinds no handler here knows; they wait for an "
                            + "instance that does",
                    unknown,
                    shard);
        }
        return new Found(pending, unknown, oldestUnknownSlot, scanned);
    }
}
