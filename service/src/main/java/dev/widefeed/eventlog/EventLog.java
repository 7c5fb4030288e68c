package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * Where entries go: shard by subject (so a burst of posts spreads over every shard's worker),
 * slot by the minute the entry is appended in. The shard count must be the same on every
 * instance and never change while entries are pending: an entry is only found in the shard it was
 * appended to.
 */
public final class EventLog {
    /**
     * What a guard entry's kind adds to the kind of the hint after its change ({@link #hint}): a guard and a hint of
     * one change carry the same tag ({@link ChangeTags}), so a job that worked the hint knows the guard done.
     */
    public static final String GUARD = "-guard";

    private final EventLogStore store;
    private final int shards;
    private final Clock clock;
    private final List<Consumer<LogEntry>> appended = new CopyOnWriteArrayList<>();
    private volatile BiPredicate<LogEntry, Object> hintTaker = (entry, carried) -> false;
    /** The entries of the {@link #together} block under way in this thread, if any. */
    private final ThreadLocal<Batch> batch = new ThreadLocal<>();

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

    /** Records the entry durably, and wakes this instance's job for it; call it before the change it is about. */
    public void append(String kind, long subjectId, long actorId) {
        appendAndWake(entry(kind, subjectId, actorId));
    }

    private void appendAndWake(LogEntry entry) {
        Batch open = batch.get();
        if (open != null) {
            open.add(entry, true);
            return;
        }
        store.append(entry);
        wake(entry);
    }

    private void wake(LogEntry entry) {
        for (Consumer<LogEntry> listener : appended) {
            listener.accept(entry);
        }
    }

    /**
     * Runs {@code appends} with every entry they append held, then stores them in one {@link EventLogStore#appendAll}:
     * the entries of one event (a post's fan-out, index and notification entries) are about one subject, so they
     * share a shard and slot, and one write stores them all. The block's appends are stored (or failed) when it
     * returns, as they were each when it ran; a block inside another joins it.
     */
    public void together(Runnable appends) {
        if (batch.get() != null) {
            appends.run();
            return;
        }
        Batch open = new Batch();
        batch.set(open);
        try {
            appends.run();
        } finally {
            batch.remove();
        }
        if (open.entries.isEmpty()) {
            return;
        }
        if (open.entries.size() == 1) {
            store.append(open.entries.get(0));
        } else {
            store.appendAll(open.entries);
        }
        open.toWake.forEach(this::wake);
    }

    /** What a {@link #together} block appended so far, and which of it wakes the job once stored. */
    private static final class Batch {
        final List<LogEntry> entries = new ArrayList<>();
        final List<LogEntry> toWake = new ArrayList<>();

        void add(LogEntry entry, boolean wakes) {
            entries.add(entry);
            if (wakes) {
                toWake.add(entry);
            }
        }
    }

    /**
     * Records the entry durably without waking this instance's job: an entry recorded before a change whose
     * {@link #hint}, about the same subject (so in the same shard), wakes the job once the change is made. Worked
     * before, its work would only find the change missing and wait (or, for a guard, is not due for minutes).
     */
    public void appendQuietly(String kind, long subjectId, long actorId) {
        LogEntry entry = entry(kind, subjectId, actorId);
        Batch open = batch.get();
        if (open != null) {
            open.add(entry, false);
        } else {
            store.append(entry);
        }
    }

    private LogEntry entry(String kind, long subjectId, long actorId) {
        return new LogEntry(shardOf(subjectId), slotOf(clock.instant()), kind, subjectId, actorId);
    }

    /**
     * An entry that only hastens work a durable entry already guarantees: the entry after a change whose guard entry,
     * appended before it, is worked once the change must have landed (docs/design.md, "Notifications"). This
     * instance's job takes it in memory when it holds the entry's shard, so the store sees nothing; otherwise it is
     * appended like any entry, for the shard's holder to find. The job appends the hints it holds when it loses the
     * shard or stops; a crash loses them, and the guard does their work later. A hint of kind {@code k.tag} whose
     * guard is {@code k-guard.tag} ({@link #GUARD}) stands for that guard once the job took it in memory and worked
     * it: the job takes the guard as done (docs/design.md, "Notifications").
     *
     * @param carried what the hint's handler may know of the change when the hint is taken in memory (the event that
     *                announced it; the store keeps ids only): {@link LogHandler#open(LogEntry, Object)}; null for
     *                nothing
     */
    public void hint(String kind, long subjectId, long actorId, Object carried) {
        LogEntry entry = entry(kind, subjectId, actorId);
        if (!hintTaker.test(entry, carried)) {
            appendAndWake(entry);
        }
    }

    /** A hint that carries nothing of its change: its handler reads the truth wherever it is worked. */
    public void hint(String kind, long subjectId, long actorId) {
        hint(kind, subjectId, actorId, null);
    }

    /**
     * Hands {@link #hint}s to {@code taker} (this instance's job, {@link EventLogJob#serve}), which answers whether
     * it took the entry in memory. It runs in the appending thread and must only take note.
     */
    void takeHintsWith(BiPredicate<LogEntry, Object> taker) {
        this.hintTaker = taker;
    }

    /**
     * Tells {@code listener} every entry appended through this log from now on, once it is stored: this instance's
     * job ({@link EventLogJob#serve}), so that what is appended here is worked at once, not at the shard's next poll.
     * The listener runs in the appending thread and must only take note.
     */
    public void onAppend(Consumer<LogEntry> listener) {
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

    /** The hour (epoch hour) a slot falls in: the marks of active slots are kept an hour together. */
    public static long hourOf(long slot) {
        return Math.floorDiv(slot, 60);
    }

    /** The slot (epoch minute) an instant falls in. */
    public static long slotOf(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), 60);
    }
}
