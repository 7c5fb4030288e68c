package dev.widefeed.testing;

import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.eventlog.EventLogStore.OwnAppends;
import dev.widefeed.eventlog.EventLogStore.SlotMark;
import dev.widefeed.eventlog.LogEntry;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The real log, its shards {@code [first, first + n)} seen as {@code [0, n)}: a job of {@code n} shards then works
 * shards of the shared test store that no other test uses (their leases, watermarks and entries are its own).
 */
public final class ShiftedShards implements EventLogStore {
    private final EventLogStore log;
    private final int first;

    public ShiftedShards(EventLogStore log, int first) {
        this.log = log;
        this.first = first;
    }

    public int real(int shard) {
        return first + shard;
    }

    @Override
    public void append(LogEntry entry) {
        log.append(unshifted(entry));
    }

    @Override
    public void appendAll(List<LogEntry> entries) {
        log.appendAll(entries.stream().map(this::unshifted).toList());
    }

    private LogEntry unshifted(LogEntry entry) {
        return new LogEntry(real(entry.shard()), entry.slot(), entry.kind(), entry.subjectId(), entry.actorId());
    }

    @Override
    public void markActive(int shard, long slot, String writer) {
        log.markActive(real(shard), slot, writer);
    }

    /** Every shard's marks, seen shifted: those of shards below {@code first} come out negative, and match none. */
    @Override
    public List<SlotMark> activeSlots(long fromSlot, long toSlot) {
        return log.activeSlots(fromSlot, toSlot).stream()
                .map(s -> new SlotMark(s.shard() - first, s.slot(), s.writer()))
                .toList();
    }

    /** The process's appends, their shards seen shifted as {@link #activeSlots} shows them. */
    @Override
    public Optional<OwnAppends> ownAppends() {
        return log.ownAppends().map(appends -> new OwnAppends() {
            @Override
            public String writer() {
                return appends.writer();
            }

            @Override
            public Runnable listen(Listener listener) {
                // Only the entries of shards from first on: the others' are no job's here, and have no shifted shard.
                return appends.listen(new Listener() {
                    @Override
                    public void appended(LogEntry entry) {
                        if (entry.shard() >= first) {
                            listener.appended(shifted(entry));
                        }
                    }

                    @Override
                    public void uncertain(LogEntry entry) {
                        if (entry.shard() >= first) {
                            listener.uncertain(shifted(entry));
                        }
                    }
                });
            }
        });
    }

    private LogEntry shifted(LogEntry entry) {
        return new LogEntry(entry.shard() - first, entry.slot(), entry.kind(), entry.subjectId(), entry.actorId());
    }

    @Override
    public List<LogEntry> entries(int shard, long slot) {
        return log.entries(real(shard), slot).stream()
                .map(e -> new LogEntry(shard, e.slot(), e.kind(), e.subjectId(), e.actorId()))
                .toList();
    }

    @Override
    public Optional<Long> watermark(int shard) {
        return log.watermark(real(shard));
    }

    @Override
    public void saveWatermark(int shard, long slot) {
        log.saveWatermark(real(shard), slot);
    }

    @Override
    public boolean lease(int shard, String owner, Duration ttl) {
        return log.lease(real(shard), owner, ttl);
    }

    @Override
    public boolean renew(int shard, String owner, Duration ttl) {
        return log.renew(real(shard), owner, ttl);
    }

    @Override
    public Set<Integer> renewAll(Collection<Integer> shards, String owner, Duration ttl) {
        Set<Integer> held = new HashSet<>();
        for (int real : log.renewAll(shards.stream().map(this::real).toList(), owner, ttl)) {
            held.add(real - first);
        }
        return held;
    }

    /** Every shard's holder, seen shifted: shards below {@code first} come out negative, and are none of the job's. */
    @Override
    public Map<Integer, String> holders() {
        Map<Integer, String> holders = new HashMap<>();
        log.holders().forEach((shard, owner) -> holders.put(shard - first, owner));
        return holders;
    }

    @Override
    public void release(int shard, String owner) {
        log.release(real(shard), owner);
    }
}
