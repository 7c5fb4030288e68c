package dev.widefeed.eventlog;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The entries this process appended to the shards held here ({@link EventLogStore.OwnAppends}), kept from the start
 * of each tenure until the watermark passes them: a slot only this process marked is known from them, and a pass
 * need not read it. A slot is known only if it began after the minute following the tenure's (a margin for the clocks
 * of the appending threads: an entry stamped that late was appended, and heard, after the tenure began), and only
 * while no append to it failed (a failed one may or may not be stored). A shard whose entries here would pass
 * {@code limitPerShard} is known no more up to that entry's slot: those slots are read, as before a tenure.
 */
final class OwnEntries {
    private final int limitPerShard;
    /** Per shard with a tenure here: the slot after which its slots are known, and what they hold. */
    private final Map<Integer, Tenure> tenures = new HashMap<>();
    /** Whether this process's appends are heard: only then is anything known. */
    private boolean hearing;

    private static final class Tenure {
        long knownAfter;
        final NavigableMap<Long, Set<LogEntry>> bySlot = new TreeMap<>();
        final Set<Long> uncertain = new HashSet<>();
        int size;

        Tenure(long knownAfter) {
            this.knownAfter = knownAfter;
        }

        void clearUpTo(long slot) {
            knownAfter = Math.max(knownAfter, slot);
            dropBelow(slot + 1);
        }

        void dropBelow(long slot) {
            bySlot.headMap(slot).clear();
            uncertain.removeIf(s -> s < slot);
            size = bySlot.values().stream().mapToInt(Set::size).sum();
        }
    }

    OwnEntries(int limitPerShard) {
        this.limitPerShard = limitPerShard;
    }

    /**
     * The shard's lease was taken here at slot {@code now}, or this process's appends are heard from now on while it
     * is held: its later slots are known from what is heard now on.
     */
    synchronized void began(int shard, long now) {
        if (hearing) {
            tenures.put(shard, new Tenure(now + 1));
        }
    }

    /** This process's appends are heard from now on ({@code true}), or no longer: nothing is known then. */
    synchronized void hearing(boolean heard) {
        hearing = heard;
        tenures.clear();
    }

    /** The shard is someone else's now. */
    synchronized void forget(int shard) {
        tenures.remove(shard);
    }

    /** This process appended the entry: kept if its shard's tenure is here. */
    synchronized void appended(LogEntry entry) {
        Tenure tenure = tenures.get(entry.shard());
        if (tenure == null || entry.slot() <= tenure.knownAfter) {
            return;
        }
        if (tenure.size >= limitPerShard) {
            // Too many held back by pending work: read from the store from here on, as before a tenure.
            tenure.clearUpTo(entry.slot());
            return;
        }
        if (tenure.bySlot
                .computeIfAbsent(entry.slot(), s -> new LinkedHashSet<>())
                .add(entry)) {
            tenure.size++;
        }
    }

    /** This process's append of the entry failed, and it may be stored: its slot is read. */
    synchronized void uncertain(LogEntry entry) {
        Tenure tenure = tenures.get(entry.shard());
        if (tenure != null) {
            tenure.uncertain.add(entry.slot());
        }
    }

    /**
     * What the slot of the shard holds, if this process knows it whole (only this process marked it, which the
     * caller knows): empty when the slot must be read.
     */
    synchronized Optional<List<LogEntry>> known(int shard, long slot) {
        Tenure tenure = tenures.get(shard);
        if (tenure == null || slot <= tenure.knownAfter || tenure.uncertain.contains(slot)) {
            return Optional.empty();
        }
        return Optional.of(List.copyOf(tenure.bySlot.getOrDefault(slot, Set.of())));
    }

    /** The watermark passed below {@code slot}: what the shard's earlier slots held is never asked for again. */
    synchronized void forgetBelow(int shard, long slot) {
        Tenure tenure = tenures.get(shard);
        if (tenure != null) {
            tenure.dropBelow(slot);
        }
    }
}
