package dev.widefeed.eventlog;

import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The entries this instance knows finished, so that a rescan of a shard's slots does not open them again. Only slots
 * a rescan can still visit are kept: a shard's slots below its watermark are forgotten when the watermark passes them,
 * and a whole shard when its lease is lost. What is held therefore follows the log's rate over the minute a slot takes
 * to settle, not the log's whole history; a watermark held back for long (an entry no handler here knows, during a
 * rolling upgrade) is met by {@code limit}, past which the shard's oldest slots are forgotten first (their entries are
 * then opened again, which finds them done: slower, never wrong).
 * <p>
 * A shard is worked by one runner at a time; the concurrent maps give the next runner what the last one added.
 */
final class FinishedEntries {
    private final int limit;
    private final Map<Integer, NavigableMap<Long, Set<LogEntry>>> byShard = new ConcurrentHashMap<>();
    private final AtomicInteger size = new AtomicInteger();

    FinishedEntries(int limit) {
        this.limit = limit;
    }

    boolean contains(LogEntry entry) {
        NavigableMap<Long, Set<LogEntry>> slots = byShard.get(entry.shard());
        Set<LogEntry> entries = slots == null ? null : slots.get(entry.slot());
        return entries != null && entries.contains(entry);
    }

    void add(LogEntry entry) {
        NavigableMap<Long, Set<LogEntry>> slots =
                byShard.computeIfAbsent(entry.shard(), s -> new ConcurrentSkipListMap<>());
        if (slots.computeIfAbsent(entry.slot(), s -> ConcurrentHashMap.newKeySet())
                .add(entry)) {
            size.incrementAndGet();
        }
        while (size.get() > limit && slots.size() > 1) {
            size.addAndGet(-slots.pollFirstEntry().getValue().size());
        }
    }

    /** The shard's watermark reached {@code slot}: no rescan here visits the slots before it again. */
    void forgetBelow(int shard, long slot) {
        NavigableMap<Long, Set<LogEntry>> slots = byShard.get(shard);
        if (slots != null) {
            forget(slots.headMap(slot));
        }
    }

    /** The shard is worked elsewhere now. */
    void forgetShard(int shard) {
        NavigableMap<Long, Set<LogEntry>> slots = byShard.remove(shard);
        if (slots != null) {
            forget(slots);
        }
    }

    int size() {
        return size.get();
    }

    private void forget(Map<Long, Set<LogEntry>> slots) {
        slots.values().forEach(entries -> size.addAndGet(-entries.size()));
        slots.clear();
    }
}
