package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventsTest {
    private sealed interface Happened extends DomainEvent permits Written, Removed {}

    private record Written(long id) implements Happened {}

    private record Removed(long id) implements Happened {}

    private final Events events = new Events();
    private final List<String> seen = new ArrayList<>();

    @Test
    void recordHandsTheEventToEveryLogOfItsTypeInOrderAndToNoListener() {
        events.logTo(Written.class, "log", e -> seen.add("log1 " + e.id()))
                .logTo(Written.class, "log", e -> seen.add("log2 " + e.id()))
                .on(Written.class, "listener", e -> seen.add("listener " + e.id()));
        events.record(new Written(7));
        assertThat(seen).containsExactly("log1 7", "log2 7");
    }

    @Test
    void publishHandsTheEventToEveryListenerOfItsTypeInOrderAndToNoLog() {
        events.on(Written.class, "listener", e -> seen.add("listener1 " + e.id()))
                .on(Written.class, "listener", e -> seen.add("listener2 " + e.id()))
                .logTo(Written.class, "log", e -> seen.add("log " + e.id()));
        events.publish(new Written(7));
        assertThat(seen).containsExactly("listener1 7", "listener2 7");
    }

    @Test
    void aLogsFailureFailsTheRecord() {
        TemporaryStoreException down = new TemporaryStoreException("queue down", null);
        events.logTo(Written.class, "log", e -> {
            throw down;
        });
        assertThatThrownBy(() -> events.record(new Written(7))).isSameAs(down);
    }

    @Test
    void aListenersFailureIsNotThrownAndTheOtherListenersStillRun() {
        events.on(Written.class, "listener", e -> seen.add("first"))
                .on(Written.class, "listener", e -> {
                    throw new IllegalStateException("listener bug");
                })
                .on(Written.class, "listener", e -> seen.add("third"));
        assertThatCode(() -> events.publish(new Written(7))).doesNotThrowAnyException();
        assertThat(seen).containsExactly("first", "third");
    }

    @Test
    void eventsGoOnlyToThoseOfTheirExactType() {
        events.on(Happened.class, "listener", e -> seen.add("listener of the interface"))
                .logTo(Happened.class, "log", e -> seen.add("log of the interface"))
                .on(Removed.class, "listener", e -> seen.add("listener of removed"))
                .logTo(Removed.class, "log", e -> seen.add("log of removed"));
        events.record(new Written(7));
        events.publish(new Written(7));
        assertThat(seen).isEmpty();
        events.publish(new Removed(7));
        assertThat(seen).containsExactly("listener of removed");
    }

    @Test
    void everySubscriptionIsListedAsARouteInTheOrderMade() {
        events.logTo(Written.class, "written-log", e -> {}).on(Removed.class, "removed-listener", e -> {});
        assertThat(events.routes())
                .extracting(r -> r.event() + " " + r.moment() + " " + r.target())
                .containsExactly(
                        "EventsTest.Written RECORD written-log", "EventsTest.Removed PUBLISH removed-listener");
    }

    @Test
    void anEventNobodyListensToIsDropped() {
        assertThatCode(() -> {
                    events.record(new Written(1));
                    events.publish(new Written(1));
                })
                .doesNotThrowAnyException();
    }
}
