package dev.widefeed.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where features announce what they did, and where the listeners of those events are composed (once, at start: each
 * feature's assembly subscribes to the events of the features below it). Two moments, two guarantees
 * (docs/ARCHITECTURE.md, "Events"):
 * <ul>
 *   <li>{@link #record}, before the change: the event is handed to its durable log, if one is
 *       composed for its type, so work that must follow the change (a post's fan-out) is known
 *       before the change exists. A failure here fails the request, and the change is not made.
 *       A recorded event's handler must therefore check that the change really happened.</li>
 *   <li>{@link #publish}, after the change: in-process listeners, in the thread of the request.
 *       A listener's failure is logged and never fails a change that is already done.</li>
 * </ul>
 * A change records and publishes one event object: what pairs the log's entry before a change with the one after it
 * knows the change by that object ({@code eventlog.ChangeTags}). Every subscription names where it goes (a listener, or
 * the kind of log entry it appends), so {@link #routes} lists who hears what.
 */
public final class Events {
    private static final Logger LOG = LoggerFactory.getLogger(Events.class);

    /** When a subscription hears of an event: before its change ({@link #record}) or after it ({@link #publish}). */
    public enum Moment {
        RECORD,
        PUBLISH
    }

    /** One subscription: events of exactly {@code type}, at {@code moment}, go to {@code target}. */
    public record Route(Class<? extends DomainEvent> type, Moment moment, String target) {
        /** The event's name as its feature spells it: {@code PostEvent.Created}. */
        public String event() {
            Class<?> outer = type.getEnclosingClass();
            return outer == null ? type.getSimpleName() : outer.getSimpleName() + "." + type.getSimpleName();
        }
    }

    private final Map<Class<?>, List<Consumer<Object>>> listeners = new ConcurrentHashMap<>();
    private final Map<Class<?>, List<Consumer<Object>>> logs = new ConcurrentHashMap<>();
    private final List<Route> routes = new ArrayList<>();
    private volatile Consumer<Runnable> recording = Runnable::run;

    /**
     * Calls {@code listener} with every event of exactly {@code type} published from now on.
     *
     * @param name what hears it, as the route table names it ({@code home.posted})
     */
    public <E extends DomainEvent> Events on(Class<E> type, String name, Consumer<? super E> listener) {
        add(listeners, new Route(type, Moment.PUBLISH, name), listener);
        return this;
    }

    /**
     * Hands every event of exactly {@code type} recorded from now on to the durable {@code log}.
     *
     * @param kind the kind of log entry it appends, as the route table names it ({@code fanout-deliver})
     */
    public <E extends DomainEvent> Events logTo(Class<E> type, String kind, Consumer<? super E> log) {
        add(logs, new Route(type, Moment.RECORD, kind), log);
        return this;
    }

    /** Every subscription, in the order made. */
    public synchronized List<Route> routes() {
        return List.copyOf(routes);
    }

    /**
     * How the durable logs of one event are run: {@code together} runs them as one block whose writes it may join
     * (the event log stores one event's entries in one write). Set once, by whoever composes the durable log.
     */
    public void recordTogether(Consumer<Runnable> together) {
        this.recording = together;
    }

    /** Before the change: the durable logs of the event's type record it; their failure is the caller's. */
    public void record(DomainEvent event) {
        List<Consumer<Object>> those = logs.getOrDefault(event.getClass(), List.of());
        if (those.isEmpty()) {
            return;
        }
        recording.accept(() -> {
            for (Consumer<Object> log : those) {
                log.accept(event);
            }
        });
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
    private synchronized <E> void add(Map<Class<?>, List<Consumer<Object>>> to, Route route, Consumer<? super E> c) {
        routes.add(route);
        to.computeIfAbsent(route.type(), t -> new CopyOnWriteArrayList<>()).add((Consumer<Object>) c);
    }
}
