package dev.widefeed.perf.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Link;
import dev.widefeed.audience.Mark;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.store.Storage;
import dev.widefeed.store.Stores;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The counting rules, over stores that answer nothing: what is counted is the calls, not what a store does. */
class CountingStorageTest {
    private static <S> S nothing(Class<S> type, Object answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            Class<?> returns = method.getReturnType();
            if (returns == void.class) {
                return null;
            }
            if (returns == boolean.class) {
                return true;
            }
            return returns.isInstance(answer) ? answer : returns == Optional.class ? Optional.empty() : null;
        }));
    }

    private static Storage storage(Object answer) {
        return new Storage() {
            @Override
            public String backend() {
                return "none";
            }

            @Override
            public Stores stores() {
                return new Stores(
                                null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                                null, null, null, null)
                        .map(new Stores.Decorator() {
                            @Override
                            public <T> T wrap(Class<T> type, T none) {
                                return nothing(type, answer);
                            }
                        });
            }

            @Override
            public void ping() {}

            @Override
            public TableScanStore tableScans() {
                return nothing(TableScanStore.class, answer);
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void aWriteIntoNPartitionsIsNOperationsAndAPageReadIsOne() {
        CountingStorage counting = new CountingStorage(storage(List.of(1L, 2L, 3L)));
        CountingStorage.during("post", () -> {
            counting.timelines().push(new TimelineEntry(9, 1, 0), List.of(1L, 2L, 3L, 4L, 5L), Duration.ofDays(1));
            return null;
        });
        CountingStorage.during("home_read", () -> counting.posts().postIdsByAuthor(1, Optional.empty(), 20));
        CountingStorage.Counts post = counting.counts().get("post");
        CountingStorage.Counts home = counting.counts().get("home_read");
        assertThat(post.operations()).isEqualTo(5);
        assertThat(post.rowsWritten()).isEqualTo(5);
        assertThat(home.operations()).isEqualTo(1);
        assertThat(home.rowsRead()).isEqualTo(3);
        assertThat(home.partitionsRead()).isEqualTo(1);
    }

    @Test
    void aMultiKeyReadIsOneOperationPerKeyAndPollingIsApart() {
        CountingStorage counting = new CountingStorage(storage(Map.of(1L, List.of(5L, 6L), 2L, List.of(7L))));
        CountingStorage.during(
                "home_read", () -> counting.posts().postIdsByAuthors(List.of(1L, 2L, 3L), Optional.empty(), 20));
        counting.eventLog().entries(0, 1);
        counting.fanout().progress(1, FanoutKind.DELIVER);
        CountingStorage.Counts home = counting.counts().get("home_read");
        assertThat(home.operations()).isEqualTo(3);
        assertThat(home.partitionsRead()).isEqualTo(3);
        assertThat(home.rowsRead()).isEqualTo(3);
        assertThat(counting.counts().get(CountingStorage.POLLING).operations()).isEqualTo(1);
        assertThat(counting.counts().get(CountingStorage.BACKGROUND).operations())
                .isEqualTo(1);
        counting.reset();
        assertThat(counting.counts()).isEmpty();
    }

    @Test
    void marksOfManyLinksIsOneOperationPerLink() {
        CountingStorage counting =
                new CountingStorage(storage(Map.of(new Link(1, 2), Set.of(Mark.BLOCKED, Mark.tag("t")))));
        CountingStorage.during(
                "visibility",
                () -> counting.audiences().marksOf(List.of(new Link(1, 2), new Link(1, 3), new Link(4, 2))));
        CountingStorage.Counts visibility = counting.counts().get("visibility");
        assertThat(visibility.operations()).isEqualTo(3);
        assertThat(visibility.partitionsRead()).isEqualTo(3);
        assertThat(visibility.rowsRead()).isEqualTo(2);
    }

    @Test
    void operationsByCallNameTheActivityAndTheCallMostFirstAndLeavePollingOut() {
        CountingStorage counting = new CountingStorage(storage(List.of(1L)));
        CountingStorage.during("post", () -> {
            counting.timelines().push(new TimelineEntry(9, 1, 0), List.of(1L, 2L, 3L), Duration.ofDays(1));
            return counting.posts().postIdsByAuthor(1, Optional.empty(), 20);
        });
        counting.eventLog().entries(0, 1);

        assertThat(counting.operationsByCall())
                .containsExactly(
                        Map.entry("post TimelineStore.push", 3L), Map.entry("post PostStore.postIdsByAuthor", 1L));
        counting.reset();
        assertThat(counting.operationsByCall()).isEmpty();
    }
}
