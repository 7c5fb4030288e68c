package dev.widefeed.eventlog;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The durable event log: entries in time slots per shard (a log that workers consume), the slots that hold entries
 * (so that a worker reads only those), each shard's watermark (the oldest slot that may still hold unfinished work),
 * and leases that give one worker at a time a shard. Entries expire by themselves (TTL), so nothing here is ever
 * deleted row by row. What an entry's work has done so far is its handler's business, kept in the
 * handler's own store (a fan-out's checkpoint in {@code FanoutStore}).
 */
public interface EventLogStore {
    /**
     * Records an entry. Idempotent: the same entry appended twice is one entry. An adapter writes the entry only; the
     * storage hands out its adapter inside {@link SlotMarking}, which marks the entry's slot active first.
     */
    void append(LogEntry entry);

    /**
     * Records several entries, as {@link #append} each: those of one shard and slot (one event's entries about one
     * subject) in one write, since they share the slot's partition. All or some may be stored when it fails.
     */
    default void appendAll(List<LogEntry> entries) {
        for (LogEntry entry : entries) {
            append(entry);
        }
    }

    /**
     * Records that the slot of the shard holds entries appended by {@code writer}: written before the slot's first
     * entry from each instance, so a reader that lists the active slots ({@link #activeSlots}) after an entry landed
     * finds its slot, and who wrote there. Idempotent.
     */
    void markActive(int shard, long slot, String writer);

    /** The marks of the slots from {@code fromSlot} to {@code toSlot} (inclusive), of every shard, in no order. */
    List<SlotMark> activeSlots(long fromSlot, long toSlot);

    /**
     * This process's appends through the store and the writer their marks name ({@link SlotMarking}); empty for a
     * store that does not mark them (a bare adapter) or a decorator that does not pass them on, whose job then reads
     * every active slot.
     */
    default Optional<OwnAppends> ownAppends() {
        return Optional.empty();
    }

    /** The entries recorded in one slot of one shard, in no particular order. */
    List<LogEntry> entries(int shard, long slot);

    /** The shard's watermark, if one was ever saved. */
    Optional<Long> watermark(int shard);

    /** Saves the shard's watermark. Only the shard's lease holder calls this. */
    void saveWatermark(int shard, long slot);

    /**
     * Takes the shard's lease for {@code owner}, or renews it if {@code owner} holds it, for
     * {@code ttl}. A lease whose holder stopped renewing it is free once its ttl has passed.
     *
     * @return whether {@code owner} holds the lease now
     */
    boolean lease(int shard, String owner, Duration ttl);

    /**
     * Renews the shard's lease for {@code ttl} if {@code owner} holds it: what {@link #lease} does for a holder, in
     * one round where the backend can ({@link #lease} tries to take the lease first, so a renewal may cost it two).
     * A worker renews each lease it holds every few seconds for as long as it runs, idle or not.
     *
     * @return whether {@code owner} holds the lease now; false when it is someone else's or was never taken (a lease
     *     of {@code owner}'s that expired is renewed or not, as the backend can: {@link #lease} may take it again)
     */
    default boolean renew(int shard, String owner, Duration ttl) {
        return lease(shard, owner, ttl);
    }

    /**
     * {@link #renew} of each of {@code shards}, in one round where the backend can (Cassandra: one conditional batch on
     * the leases' one partition; HBase: one request of conditional writes per region server): an instance renews
     * every lease it holds at once, so its renewals cost the same however many shards it holds.
     *
     * @return the shards among {@code shards} whose lease {@code owner} holds now
     */
    default Set<Integer> renewAll(Collection<Integer> shards, String owner, Duration ttl) {
        Set<Integer> held = new HashSet<>();
        for (int shard : shards) {
            if (renew(shard, owner, ttl)) {
                held.add(shard);
            }
        }
        return held;
    }

    /**
     * Who holds each shard's lease now, in one read: the shards whose lease is taken and neither expired nor given
     * back, and their holders. A worker reads it before trying to take shards, so shards others hold cost it nothing.
     */
    Map<Integer, String> holders();

    /** Gives the lease back if {@code owner} holds it, so another worker need not wait for it to expire. */
    void release(int shard, String owner);

    /**
     * A mark of the active-slot index: the slot (epoch minute) of the shard holds entries, appended by {@code writer}
     * (the process's {@link SlotMarking}, so a job can tell the slots only its own process wrote to).
     */
    record SlotMark(int shard, long slot, String writer) {}

    /**
     * The appends a process makes through its store ({@link SlotMarking}): the writer its marks name, and who hears of
     * each append. A job that hears every one of its process's appends knows what they put in a slot only its process
     * marked, and need not read it (docs/ARCHITECTURE.md, "Events").
     */
    interface OwnAppends {
        /** The writer this process's marks name. */
        String writer();

        /**
         * Tells {@code listener} of every append through the store from now on, in the appending thread; the returned
         * handle stops it. The listener must only take note.
         */
        Runnable listen(Listener listener);

        /** Hears the process's appends. */
        interface Listener {
            /** The entry is stored. */
            void appended(LogEntry entry);

            /** The entry's append failed: it may or may not be stored (its slot is marked). */
            void uncertain(LogEntry entry);
        }
    }
}
