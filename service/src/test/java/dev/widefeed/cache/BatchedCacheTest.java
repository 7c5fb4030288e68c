package dev.widefeed.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The cache's own rules, over a loader that makes values up (no store is claimed here: CacheTierContract has it). */
class BatchedCacheTest {
    private static Function<Set<Long>, Map<Long, String>> counting(AtomicInteger calls, AtomicInteger keys) {
        return ids -> {
            calls.incrementAndGet();
            keys.addAndGet(ids.size());
            Map<Long, String> found = new HashMap<>();
            ids.stream().filter(id -> id >= 0).forEach(id -> found.put(id, "v" + id));
            return found;
        };
    }

    @Test
    void aPageLoadsItsMissesInOneCallAndHitsTheRest() {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger keys = new AtomicInteger();
        BatchedCache<String> cache =
                new BatchedCache<>("t", 1000, v -> 1, Duration.ofMinutes(1), counting(calls, keys));
        assertThat(cache.getAll(List.of(1L, 2L, 3L))).hasSize(3);
        assertThat(cache.getAll(List.of(2L, 3L, 4L, 5L)))
                .containsEntry(5L, "v5")
                .hasSize(4);
        assertThat(calls.get()).isEqualTo(2);
        assertThat(keys.get())
                .as("ids loaded: the first page's three, the second's two misses")
                .isEqualTo(5);
    }

    @Test
    void whatTheLoaderDoesNotAnswerIsNotRememberedAsMissing() {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger keys = new AtomicInteger();
        BatchedCache<String> cache =
                new BatchedCache<>("t", 1000, v -> 1, Duration.ofMinutes(1), counting(calls, keys));
        assertThat(cache.getAll(List.of(-1L))).isEmpty();
        assertThat(cache.getAll(List.of(-1L))).isEmpty();
        assertThat(calls.get())
                .as("asked again: a post not written yet may be there now")
                .isEqualTo(2);
    }

    @Test
    void anUpdateChangesTheValueWithoutMakingItYounger() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger keys = new AtomicInteger();
        BatchedCache<String> cache =
                new BatchedCache<>("t", 1000, v -> 1, Duration.ofMillis(300), counting(calls, keys));
        cache.getAll(List.of(7L));
        for (int i = 0; i < 8; i++) {
            cache.update(7L, v -> v + "+");
            Thread.sleep(50);
        }
        assertThat(cache.getAll(List.of(7L)))
                .as("loaded again once its age ran out, updates or not")
                .containsEntry(7L, "v7");
        assertThat(calls.get()).isEqualTo(2);
        cache.update(8L, v -> v + "+"); // not held: nothing to change, nothing loaded
        assertThat(calls.get()).isEqualTo(2);
    }

    @Test
    void aDropMakesTheNextReadLoad() {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger keys = new AtomicInteger();
        BatchedCache<String> cache =
                new BatchedCache<>("t", 1000, v -> 1, Duration.ofMinutes(1), counting(calls, keys));
        cache.getAll(List.of(1L, 2L));
        cache.drop(1L);
        cache.getAll(List.of(1L, 2L));
        assertThat(keys.get()).isEqualTo(3);
        cache.dropAll();
        cache.getAll(List.of(1L, 2L));
        assertThat(keys.get()).isEqualTo(5);
    }

    @Test
    void theBoundHoldsUnderAScanOfAMillionDistinctKeys() {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger keys = new AtomicInteger();
        long bound = 10_000;
        BatchedCache<String> cache =
                new BatchedCache<>("t", bound, v -> 2, Duration.ofMinutes(1), counting(calls, keys));
        long most = 0;
        for (long page = 0; page < 50_000; page++) {
            cache.getAll(LongStream.range(page * 20, page * 20 + 20).boxed().toList());
            if (page % 1000 == 999) {
                most = Math.max(most, cache.weight());
            }
        }
        assertThat(keys.get()).isEqualTo(1_000_000);
        // Caffeine evicts just after an insert, so the bound holds but for the page being added.
        assertThat(most).as("weight held while scanning (entries of weight 2)").isLessThanOrEqualTo(bound + 2 * 20);
        assertThat(cache.size()).isLessThanOrEqualTo(bound / 2);
        assertThat(cache.stats().evictionCount()).isGreaterThanOrEqualTo(1_000_000 - bound / 2);
    }
}
