package dev.widefeed.eventlog;

import dev.widefeed.kernel.DomainEvent;
import dev.widefeed.kernel.Events;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Where the features above the event log put their durable work: the entries their subscriptions append, and the
 * handler of each kind of entry. One per instance, filled while the features are assembled and read once by whoever
 * runs the log's job ({@link #handlers}). A kind has one handler: a second is a wiring mistake, refused at start.
 */
public final class LogRoutes {
    private final EventLog log;
    private final Events events;
    /** One tag per change, shared by every guarded route: a guard and its hint name the same change. */
    private final ChangeTags tags = new ChangeTags();

    private final Map<String, LogHandler> handlers = new LinkedHashMap<>();

    public LogRoutes(EventLog log, Events events) {
        this.log = log;
        this.events = events;
        events.recordTogether(log::together);
    }

    public EventLog log() {
        return log;
    }

    /** The work of each kind, from now on: {@code byKind} as a handler's {@code byKind()} gives it. */
    public synchronized void handle(Map<String, ? extends LogHandler> byKind) {
        byKind.forEach((kind, handler) -> {
            if (handlers.putIfAbsent(kind, handler) != null) {
                throw new IllegalStateException("two handlers of the log's kind " + kind);
            }
        });
    }

    /** Every kind's handler, as assembled. */
    public synchronized Map<String, LogHandler> handlers() {
        return Map.copyOf(handlers);
    }

    /**
     * Before each change {@code type} announces, an entry of {@code kind} about its subject, appended quietly: the change
     * is not there yet, and the hint after it, or the job's next pass, wakes the work (docs/ARCHITECTURE.md, "Events").
     */
    public <E extends DomainEvent> void before(
            Class<E> type, String kind, ToLongFunction<? super E> subject, ToLongFunction<? super E> actor) {
        events.logTo(type, kind, e -> log.appendQuietly(kind, subject.applyAsLong(e), actor.applyAsLong(e)));
    }

    /**
     * A change whose subject's work is repeatable ({@link GuardedWork}, the notifications) is logged twice: a guard entry
     * of {@code kind} before it, worked once the change must have landed, and a hint after it, worked at once. A failure
     * of the hint only delays the work until the guard's turn.
     */
    public <E extends DomainEvent> void guarded(
            Class<E> type, String kind, ToLongFunction<? super E> subject, ToLongFunction<? super E> actor) {
        events.logTo(
                        type,
                        kind + EventLog.GUARD,
                        e -> log.appendQuietly(
                                GuardedWork.guardKind(kind, tags.of(e)), subject.applyAsLong(e), actor.applyAsLong(e)))
                .on(
                        type,
                        kind,
                        e -> log.hint(
                                GuardedWork.afterKind(kind, tags.of(e)),
                                subject.applyAsLong(e),
                                actor.applyAsLong(e),
                                e));
    }
}
