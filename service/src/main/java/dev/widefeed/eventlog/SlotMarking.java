package dev.widefeed.eventlog;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A backend's log store whose appends mark their slot active before the entry is written, once per shard and slot in
 * this process: what makes {@link EventLogStore#activeSlots} complete. The mark goes first so that no entry is ever
 * stored in a slot nobody can find; a mark whose entry never followed (a crash between the two) costs a reader one
 * empty read. A storage hands out its adapter wrapped in this, once, so every append of the process shares its
 * memory of what it marked.
 */
public final class SlotMarking implements EventLogStore {
    /** Slots remembered as marked: an entry is appended in the minute it is stamped with, so older ones never recur. */
    private static final int SLOTS_KEPT = 10;

    private final EventLogStore store;
    private final ConcurrentSkipListMap<Long, Set<Integer>> markedBySlot = new ConcurrentSkipListMap<>();

    public SlotMarking(EventLogStore store) {
        this.store = store;
    }

    @Override
    public void append(LogEntry entry) {
        Set<Integer> marked = markedBySlot.computeIfAbsent(entry.slot(), s -> ConcurrentHashMap.newKeySet());
        if (!marked.contains(entry.shard())) {
            // Two appends racing here both mark: the mark is idempotent, and only one that landed is remembered.
            store.markActive(entry.shard(), entry.slot());
            marked.add(entry.shard());
            forgetBefore(entry.slot() - SLOTS_KEPT);
        }
        store.append(entry);
    }

    private void forgetBefore(long slot) {
        Map<Long, Set<Integer>> old = markedBySlot.headMap(slot);
        old.clear();
    }

    @Override
    public void markActive(int shard, long slot) {
        store.markActive(shard, slot);
    }

    @Override
    public List<ShardSlot> activeSlots(long fromSlot, long toSlot) {
        return store.activeSlots(fromSlot, toSlot);
    }

    @Override
    public List<LogEntry> entries(int shard, long slot) {
        return store.entries(shard, slot);
    }

    @Override
    public Optional<Long> watermark(int shard) {
        return store.watermark(shard);
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        store.saveWatermark(shard, slot);
    }

    @Override
    public boolean lease(int shard, String owner, Duration ttl) {
        return store.lease(shard, owner, ttl);
    }

    @Override
    public boolean renew(int shard, String owner, Duration ttl) {
        return store.renew(shard, owner, ttl);
    }

    @Override
    public Set<Integer> renewAll(Collection<Integer> shards, String owner, Duration ttl) {
        return store.renewAll(shards, owner, ttl);
    }

    @Override
    public Map<Integer, String> holders() {
        return store.holders();
    }

    @Override
    public void release(int shard, String owner) {
        store.release(shard, owner);
    }
}
