package dev.widefeed.eventlog;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The real log, every call to it counted by the name of its method. */
final class CountingEventLogStore implements EventLogStore {
    private final EventLogStore log;
    private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

    CountingEventLogStore(EventLogStore log) {
        this.log = log;
    }

    /** Calls so far, by method. */
    Map<String, Long> calls() {
        Map<String, Long> now = new TreeMap<>();
        calls.forEach((method, n) -> now.put(method, n.get()));
        return now;
    }

    long calls(String method) {
        AtomicLong n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    long total() {
        return calls.values().stream().mapToLong(AtomicLong::get).sum();
    }

    private void count(String method) {
        calls.computeIfAbsent(method, m -> new AtomicLong()).incrementAndGet();
    }

    @Override
    public void append(LogEntry entry) {
        count("append");
        log.append(entry);
    }

    @Override
    public void appendAll(List<LogEntry> entries) {
        count("appendAll");
        log.appendAll(entries);
    }

    @Override
    public void markActive(int shard, long slot, String writer) {
        count("markActive");
        log.markActive(shard, slot, writer);
    }

    @Override
    public List<SlotMark> activeSlots(long fromSlot, long toSlot) {
        count("activeSlots");
        return log.activeSlots(fromSlot, toSlot);
    }

    @Override
    public List<LogEntry> entries(int shard, long slot) {
        count("entries");
        return log.entries(shard, slot);
    }

    @Override
    public Optional<Long> watermark(int shard) {
        count("watermark");
        return log.watermark(shard);
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        count("saveWatermark");
        log.saveWatermark(shard, slot);
    }

    @Override
    public boolean lease(int shard, String owner, Duration ttl) {
        count("lease");
        return log.lease(shard, owner, ttl);
    }

    @Override
    public boolean renew(int shard, String owner, Duration ttl) {
        count("renew");
        return log.renew(shard, owner, ttl);
    }

    @Override
    public Set<Integer> renewAll(Collection<Integer> shards, String owner, Duration ttl) {
        count("renewAll");
        return log.renewAll(shards, owner, ttl);
    }

    @Override
    public Map<Integer, String> holders() {
        count("holders");
        return log.holders();
    }

    @Override
    public Optional<OwnAppends> ownAppends() {
        return log.ownAppends();
    }

    @Override
    public void release(int shard, String owner) {
        count("release");
        log.release(shard, owner);
    }
}
