package dev.widefeed.feed.home;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PulledPostsTest {
    private final Map<Long, List<Long>> lists = new HashMap<>();
    private final List<Set<Long>> rounds = new ArrayList<>();
    private final AtomicLong nanos = new AtomicLong();
    private final PulledPosts pulled = new PulledPosts(this::newest, 3, Duration.ofSeconds(5), 100, nanos::get);

    private Map<Long, List<Long>> newest(Collection<Long> authors, int perAuthor) {
        rounds.add(Set.copyOf(authors));
        Map<Long, List<Long>> found = new HashMap<>();
        for (long author : authors) {
            found.put(
                    author,
                    lists.getOrDefault(author, List.of()).stream()
                            .limit(perAuthor)
                            .toList());
        }
        return found;
    }

    @Test
    void authorsNotHeldAreLoadedInOneRoundAndThenServedWithoutReads() {
        lists.put(1L, List.of(90L, 80L, 70L, 60L));
        lists.put(2L, List.of(85L));
        Map<Long, HomeMerge.Source> first = pulled.of(List.of(1L, 2L));
        assertThat(rounds).containsExactly(Set.of(1L, 2L));
        // A full list holds everything only from its oldest id up; a short one is the author's whole list.
        assertThat(first.get(1L)).isEqualTo(new HomeMerge.Source(List.of(90L, 80L, 70L), 69));
        assertThat(first.get(2L)).isEqualTo(new HomeMerge.Source(List.of(85L), 0));

        pulled.of(List.of(1L, 2L));
        pulled.of(List.of(2L));
        assertThat(rounds).hasSize(1);
        pulled.of(List.of(1L, 3L));
        assertThat(rounds).containsExactly(Set.of(1L, 2L), Set.of(3L));
    }

    @Test
    void anEntryIsReadAgainOnceItsRefreshHasPassed() {
        lists.put(1L, List.of(90L));
        pulled.of(List.of(1L));
        lists.put(1L, List.of(95L, 90L));
        nanos.addAndGet(Duration.ofSeconds(4).toNanos());
        assertThat(pulled.of(List.of(1L)).get(1L).idsNewestFirst()).containsExactly(90L);
        nanos.addAndGet(Duration.ofSeconds(2).toNanos());
        assertThat(pulled.of(List.of(1L)).get(1L).idsNewestFirst()).containsExactly(95L, 90L);
    }

    @Test
    void aChangeMadeHereIsSeenAtOnce() {
        lists.put(1L, List.of(90L));
        pulled.of(List.of(1L));
        lists.put(1L, List.of(95L, 90L));
        pulled.changed(1L);
        assertThat(pulled.of(List.of(1L)).get(1L).idsNewestFirst()).containsExactly(95L, 90L);
    }
}
