package dev.widefeed.eventlog;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hints ({@link EventLog#hint}) taken in memory here, per shard held here, worked by its passes until done. When
 * the shard is lost, or the job stops, they go to the store for the shard's next holder.
 */
final class HeldHints {
    private static final Logger LOG = LoggerFactory.getLogger(HeldHints.class);
    /**
     * Hints held per shard at most: past it they go to the store. A hint not done this long after its minute is
     * dropped, its guard entry doing the work in its own time.
     */
    private static final int MAX_HINTS_PER_SHARD = 10_000;

    private static final Duration HINT_KEPT = Duration.ofMinutes(3);

    /** Per shard, each hint held and what it carries of its change ({@link EventLog#hint}). */
    private final Map<Integer, Map<LogEntry, Optional<Object>>> byShard = new ConcurrentHashMap<>();

    private final Map<String, LogHandler> handlers;
    private final FinishedEntries finished;
    private final EventLogStore store;

    HeldHints(Map<String, LogHandler> handlers, FinishedEntries finished, EventLogStore store) {
        this.handlers = handlers;
        this.finished = finished;
        this.store = store;
    }

    /** Holds the hint of a shard held here unless too many wait in it already; whether it did. */
    boolean hold(LogEntry entry, Object carried) {
        Map<LogEntry, Optional<Object>> waiting =
                byShard.computeIfAbsent(entry.shard(), s -> new ConcurrentHashMap<>());
        if (waiting.size() >= MAX_HINTS_PER_SHARD) {
            return false;
        }
        waiting.put(entry, Optional.ofNullable(carried));
        return true;
    }

    /**
     * The shard's hints still to work, opened; those done already, or kept too long, are let go. A hint holds no
     * watermark: it is in no slot of the store.
     */
    List<PendingWork> open(int shard, Instant now) {
        Map<LogEntry, Optional<Object>> held = byShard.get(shard);
        if (held == null || held.isEmpty()) {
            return List.of();
        }
        List<PendingWork> opened = new ArrayList<>();
        // A concurrent map: hints come in meanwhile.
        for (Iterator<Map.Entry<LogEntry, Optional<Object>>> it =
                        held.entrySet().iterator();
                it.hasNext(); ) {
            Map.Entry<LogEntry, Optional<Object>> next = it.next();
            LogEntry entry = next.getKey();
            LogHandler handler = handlers.get(entry.handlerKind());
            if (handler == null
                    || finished.contains(entry)
                    || EventLog.startOf(entry.slot()).plus(HINT_KEPT).isBefore(now)) {
                it.remove();
                continue;
            }
            Optional<Object> carried = next.getValue();
            LogHandler.Work work = carried.isPresent() ? handler.open(entry, carried.get()) : handler.open(entry);
            if (work.done()) {
                it.remove();
            } else {
                opened.add(new PendingWork(entry, handler, work, true));
            }
        }
        return opened;
    }

    /** The hint's work is done: it is let go, and the guard of its change finished with it. */
    void done(LogEntry hint) {
        Map<LogEntry, Optional<Object>> held = byShard.get(hint.shard());
        if (held != null) {
            held.remove(hint);
        }
        finishGuardOf(hint);
    }

    /**
     * The shard's hints go to the store, for its next holder to find (a lease lost to a slow renewal would otherwise
     * leave their work to the guards, minutes later), stamped with the minute they are handed over in: a holder
     * reads the marks of a minute once it has settled and not again, so an entry appended into an older minute
     * might never be found. Best effort: a hint that cannot be written is left to its guard.
     */
    void handOver(int shard, long slot) {
        Map<LogEntry, Optional<Object>> held = byShard.remove(shard);
        if (held == null) {
            return;
        }
        for (LogEntry entry : held.keySet()) {
            try {
                store.append(new LogEntry(shard, slot, entry.kind(), entry.subjectId(), entry.actorId()));
            } catch (RuntimeException e) {
                LOG.debug("event log: hint {} left to its guard: {}", entry, e.toString());
            }
        }
    }

    /** Every shard's hints go to the store, stamped with {@code slot}: the job stops. */
    void handOverAll(long slot) {
        List.copyOf(byShard.keySet()).forEach(shard -> handOver(shard, slot));
    }

    /**
     * A hint of kind {@code k.tag}, taken in memory here, was worked after its change: the guard of that change,
     * {@code k-guard.tag}, has nothing left to do, so it is finished here without a turn. Only a hint taken here: this
     * instance made the change, so the caches its handlers read through (post rows, audience facts) held it at once; a
     * hint from the store may have been worked through another instance's caches within their bound, and its guard's
     * turn, minutes later, reads past that. A guard is appended before its change, so in the hint's minute or, for a
     * change that crossed a minute, the one before; one older still gets its turn.
     */
    private void finishGuardOf(LogEntry hint) {
        int dot = hint.kind().indexOf('.');
        String guardKind = hint.handlerKind() + EventLog.GUARD;
        if (dot < 0 || !handlers.containsKey(guardKind)) {
            return;
        }
        String kind = guardKind + hint.kind().substring(dot);
        for (long slot = hint.slot(); slot >= Math.max(0, hint.slot() - 1); slot--) {
            finished.add(new LogEntry(hint.shard(), slot, kind, hint.subjectId(), hint.actorId()));
        }
    }
}
