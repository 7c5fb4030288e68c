package dev.widefeed.composition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.eventlog.EventLog;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.store.Stores;
import dev.widefeed.testing.RepositoryRoot;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who hears what, checked: the features, assembled as the server assembles them, subscribe exactly the routes that
 * docs/ARCHITECTURE.md's table "Who hears what" lists, and every kind of entry a route appends has its handler. The
 * assembly reads no store, so the stores here are ones that refuse every call: this is a test of the wiring, not of
 * storage.
 */
class EventRoutesTest {
    private static final String TABLE = "## Who hears what";

    private static Features features;

    @BeforeAll
    static void assemble() {
        features = new Features(unreachableStorage(), InstanceSettings.of(new IdGenerator(0), Clock.systemUTC()));
    }

    @Test
    void theArchitecturesTableListsEveryRouteTheFeaturesSubscribe() throws IOException {
        assertThat(documentedRows())
                .as(
                        "docs/ARCHITECTURE.md, \"Who hears what\" (the rows as the features build them: %n%s)",
                        String.join("\n", builtRows()))
                .containsExactlyElementsOf(builtRows());
    }

    @Test
    void everyKindARouteAppendsHasItsHandler() {
        List<String> kinds = new ArrayList<>();
        for (Events.Route route : features.context.events().routes()) {
            // A listener is named feature.method; anything else a route names is a kind of log entry.
            if (!route.target().contains(".")) {
                kinds.add(route.target());
            }
        }
        assertThat(features.log.handlers().keySet()).containsAll(kinds);
    }

    @Test
    void guardedRoutesAppendTheirGuardBeforeAndTheirHintAfter() {
        Map<String, List<Events.Moment>> moments = features.context.events().routes().stream()
                .filter(r -> r.target().endsWith(EventLog.GUARD))
                .collect(Collectors.groupingBy(
                        r -> r.event() + " " + r.target(),
                        Collectors.mapping(Events.Route::moment, Collectors.toList())));
        assertThat(moments)
                .isNotEmpty()
                .allSatisfy((route, at) -> assertThat(at).containsOnly(Events.Moment.RECORD));
    }

    /** One row per event type, in the order first subscribed: {@code | event | before | after |}. */
    private static List<String> builtRows() {
        Map<String, List<List<String>>> byEvent = new LinkedHashMap<>();
        for (Events.Route route : features.context.events().routes()) {
            List<List<String>> cells =
                    byEvent.computeIfAbsent(route.event(), e -> List.of(new ArrayList<>(), new ArrayList<>()));
            cells.get(route.moment() == Events.Moment.RECORD ? 0 : 1).add("`" + route.target() + "`");
        }
        List<String> rows = new ArrayList<>();
        byEvent.forEach((event, cells) -> rows.add("| `" + event + "` | " + String.join(", ", cells.get(0)) + " | "
                + String.join(", ", cells.get(1)) + " |"));
        return rows;
    }

    private static List<String> documentedRows() throws IOException {
        List<String> lines = Files.readAllLines(RepositoryRoot.find().resolve("docs/ARCHITECTURE.md"));
        int heading = lines.indexOf(TABLE);
        assertThat(heading).as("the heading %s in docs/ARCHITECTURE.md", TABLE).isNotNegative();
        List<String> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : lines.subList(heading + 1, lines.size())) {
            if (line.startsWith("|")) {
                inTable = true;
                rows.add(line.strip());
            } else if (inTable) {
                break;
            }
        }
        return rows.subList(Math.min(2, rows.size()), rows.size()); // past the header and its rule
    }

    /** A storage whose every store refuses every call. */
    private static Storage unreachableStorage() {
        Object[] stores = Arrays.stream(Stores.class.getRecordComponents())
                .map(RecordComponent::getType)
                .map(EventRoutesTest::refusing)
                .toArray();
        try {
            Stores all = (Stores) Stores.class.getDeclaredConstructors()[0].newInstance(stores);
            return new Storage() {
                @Override
                public String backend() {
                    return "none";
                }

                @Override
                public Stores stores() {
                    return all;
                }

                @Override
                public void ping() {
                    throw new UnsupportedOperationException("no store here");
                }

                @Override
                public void close() {}

                @Override
                public TableScanStore tableScans() {
                    return refusing(TableScanStore.class);
                }
            };
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static <T> T refusing(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> "refusing " + type.getSimpleName();
                };
            }
            throw new UnsupportedOperationException(
                    "the assembly called " + type.getSimpleName() + "." + method.getName());
        }));
    }
}
