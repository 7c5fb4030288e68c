package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;

/**
 * Where entries go: shard by subject (so a burst of posts spreads over every shard's worker),
 * slot by the minute the entry is appended in. The shard count must be the same on every
 * instance and never change while entries are pending: an entry is only found in the shard it was
 * appended to.
 */
public final class EventLog {
    private final EventLogStore store;
    private final int shards;
    private final Clock clock;
    private final List<IntConsumer> appended = new CopyOnWriteArrayList<>();

    public EventLog(EventLogStore store, int shards, Clock clock) {
        if (shards < 1 || shards > 1024) {
            throw new IllegalArgumentException("shards must be 1..1024");
        }
        this.store = store;
        this.shards = shards;
        this.clock = clock;
    }

    public int shards() {
        return shards;
    }

    /** Records the entry durably; call it before the change it is about. */
    public void append(String kind, long subjectId, long actorId) {
        int shard = shardOf(subjectId);
        store.append(new LogEntry(shard, slotOf(clock.instant()), kind, subjectId, actorId));
        for (IntConsumer listener : appended) {
            listener.accept(shard);
        }
    }

    /**
     * Tells {@code listener} the shard of every entry appended through this log from now on, once it is stored: this
     * instance's job ({@link EventLogJob#wake}), so that what is appended here is worked at once, not at the shard's
     * next poll. The listener runs in the appending thread and must only take note.
     */
    public void onAppend(IntConsumer listener) {
        appended.add(listener);
    }

    /** The shard the entries about {@code subjectId} go to. */
    public int shardOf(long subjectId) {
        return Math.floorMod(Long.hashCode(subjectId * 0x9E3779B97F4A7C15L), shards);
    }

    /** When a slot (epoch minute) starts: an entry in it was appended at or after this, within the minute. */
    public static Instant startOf(long slot) {
        return Instant.ofEpochSecond(slot * 60);
    }

    /** The slot (epoch minute) an instant falls in. */
    public static long slotOf(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), 60);
    }
}
