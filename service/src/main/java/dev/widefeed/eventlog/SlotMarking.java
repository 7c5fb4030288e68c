package dev.widefeed.eventlog;

import dev.widefeed.kernel.ProcessName;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A backend's log store whose appends mark their slot active before the entry is written, once per shard and slot in
 * this process: what makes {@link EventLogStore#activeSlots} complete. The mark goes first so that no entry is ever
 * stored in a slot nobody can find; a mark whose entry never followed (a crash between the two) costs a reader one
 * empty read. The marks name this process ({@link #writer}), and every append is told to whoever listens
 * ({@link OwnAppends}): this process's job, which then reads only the slots other processes marked. A storage hands
 * out its adapter wrapped in this, once, so every append of the process shares its memory of what it marked and its
 * listeners.
 */
public final class SlotMarking implements EventLogStore, EventLogStore.OwnAppends {
    private static final Logger LOG = LoggerFactory.getLogger(SlotMarking.class);
    /** Slots remembered as marked: an entry is appended in the minute it is stamped with, so older ones never recur. */
    private static final int SLOTS_KEPT = 10;

    private final EventLogStore store;
    private final String writer =
            ProcessName.hostAndPid() + "/" + UUID.randomUUID().toString().substring(0, 8);
    private final ConcurrentSkipListMap<Long, Set<Integer>> markedBySlot = new ConcurrentSkipListMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    public SlotMarking(EventLogStore store) {
        this.store = store;
    }

    @Override
    public void append(LogEntry entry) {
        write(List.of(entry), () -> store.append(entry));
    }

    @Override
    public void appendAll(List<LogEntry> entries) {
        write(entries, () -> store.appendAll(entries));
    }

    /** Every entry's slot is marked before {@code write} stores them, and each is told to the listeners after. */
    private void write(List<LogEntry> entries, Runnable write) {
        for (LogEntry entry : entries) {
            markOnce(entry);
        }
        try {
            write.run();
        } catch (RuntimeException e) {
            entries.forEach(entry -> tell(l -> l.uncertain(entry)));
            throw e;
        }
        entries.forEach(entry -> tell(l -> l.appended(entry)));
    }

    private void markOnce(LogEntry entry) {
        Set<Integer> marked = markedBySlot.computeIfAbsent(entry.slot(), s -> ConcurrentHashMap.newKeySet());
        if (!marked.contains(entry.shard())) {
            // Two appends racing here both mark: the mark is idempotent, and only one that landed is remembered.
            store.markActive(entry.shard(), entry.slot(), writer);
            marked.add(entry.shard());
            forgetBefore(entry.slot() - SLOTS_KEPT);
        }
    }

    /** Tells every listener; one that fails is logged, never failing an append that is stored. */
    private void tell(Consumer<Listener> what) {
        for (Listener listener : listeners) {
            try {
                what.accept(listener);
            } catch (RuntimeException e) {
                LOG.warn("event log: a listener of this process's appends failed: {}", e.toString());
            }
        }
    }

    private void forgetBefore(long slot) {
        Map<Long, Set<Integer>> old = markedBySlot.headMap(slot);
        old.clear();
    }

    @Override
    public String writer() {
        return writer;
    }

    @Override
    public Runnable listen(Listener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public Optional<OwnAppends> ownAppends() {
        return Optional.of(this);
    }

    @Override
    public void markActive(int shard, long slot, String writer) {
        store.markActive(shard, slot, writer);
    }

    @Override
    public List<SlotMark> activeSlots(long fromSlot, long toSlot) {
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
