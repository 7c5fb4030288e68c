package dev.widefeed.kernel;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where features announce what they did, and where the listeners of those events are composed
 * (once, at start: see {@code Services}). Two moments, two guarantees (docs/ARCHITECTURE.md, "Events"):
 * <ul>
 *   <li>{@link #record}, before the change: the event is handed to its durable log, if one is
 *       composed for its type, so work that must follow the change (a post's fan-out) is known
 *       before the change exists. A failure here fails the request, and the change is not made.
 *       A recorded event's handler must therefore check that the change really happened.</li>
 *   <li>{@link #publish}, after the change: in-process listeners, in the thread of the request.
 *       A listener's failure is logged and never fails a change that is already done.</li>
 * </ul>
 * A change records and publishes one event object: what pairs the log's entry before a change with the one after it
 * knows the change by that object ({@code eventlog.ChangeTags}).
 */
public final class Events {
    private static final Logger LOG = LoggerFactory.getLogger(Events.class);

    private final Map<Class<?>, List<Consumer<Object>>> listeners = new ConcurrentHashMap<>();
    private final Map<Class<?>, List<Consumer<Object>>> logs = new ConcurrentHashMap<>();

    /** Calls {@code listener} with every event of exactly {@code type} published from now on. */
    public <E extends DomainEvent> Events on(Class<E> type, Consumer<? super E> listener) {
        add(listeners, type, listener);
        return this;
    }

    /** Hands every event of exactly {@code type} recorded from now on to the durable {@code log}. */
    public <E extends DomainEvent> Events logTo(Class<E> type, Consumer<? super E> log) {
        add(logs, type, log);
        return this;
    }

    /** Before the change: the durable logs of the event's type record it; their failure is the caller's. */
    public void record(DomainEvent event) {
        for (Consumer<Object> log : logs.getOrDefault(event.getClass(), List.of())) {
            log.accept(event);
        }
    }

    /** After the change: every listener of the event's type, each on its own, none able to fail the change. */
    public void publish(DomainEvent event) {
        for (Consumer<Object> listener : listeners.getOrDefault(event.getClass(), List.of())) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.warn("a listener of {} failed; the change itself stands: {}", event, e.toString());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <E> void add(Map<Class<?>, List<Consumer<Object>>> to, Class<E> type, Consumer<? super E> c) {
        to.computeIfAbsent(type, t -> new CopyOnWriteArrayList<>()).add((Consumer<Object>) c);
    }
}
