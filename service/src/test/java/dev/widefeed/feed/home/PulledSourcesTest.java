package dev.widefeed.feed.home;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.feed.timeline.HomeRead;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class PulledSourcesTest {
    private final Map<Long, List<Long>> lists = new HashMap<>();
    private final List<Optional<Long>> directReads = new ArrayList<>();
    private final PulledPosts cache = new PulledPosts(this::newest, 4, Duration.ofSeconds(5), 100, () -> 0);

    private Map<Long, List<Long>> newest(Collection<Long> authors, int perAuthor) {
        return below(authors, Optional.empty(), perAuthor);
    }

    private Map<Long, List<Long>> read(Collection<Long> authors, Optional<Long> before, int limitEach) {
        directReads.add(before);
        return below(authors, before, limitEach);
    }

    private Map<Long, List<Long>> below(Collection<Long> authors, Optional<Long> before, int limitEach) {
        Map<Long, List<Long>> found = new HashMap<>();
        for (long author : authors) {
            found.put(
                    author,
                    lists.getOrDefault(author, List.of()).stream()
                            .filter(id -> id < before.orElse(Long.MAX_VALUE))
                            .limit(limitEach)
                            .toList());
        }
        return found;
    }

    private PulledSources sources(Map<Long, Long> upTo, long floor) {
        return new PulledSources(upTo, floor, cache, this::read);
    }

    @Test
    void aFirstPageComesFromTheCacheWhenItReachesFarEnough() {
        lists.put(1L, List.of(90L, 80L, 70L, 60L, 50L, 40L));
        lists.put(2L, List.of(85L));
        List<HomeMerge.Source> first = sources(Map.of(1L, HomeRead.ALL_POSTS, 2L, HomeRead.ALL_POSTS), 0)
                .below(Optional.empty(), 3);
        assertThat(first)
                .containsExactlyInAnyOrder(
                        new HomeMerge.Source(List.of(90L, 80L, 70L, 60L), 59), new HomeMerge.Source(List.of(85L), 0));
        assertThat(directReads).isEmpty();
    }

    @Test
    void belowWhatTheCacheHoldsTheAuthorsListIsReadBelowTheCursor() {
        lists.put(1L, List.of(90L, 80L, 70L, 60L, 50L, 40L));
        lists.put(2L, List.of(85L));
        List<HomeMerge.Source> deep = sources(Map.of(1L, HomeRead.ALL_POSTS, 2L, HomeRead.ALL_POSTS), 0)
                .below(Optional.of(65L), 3);
        assertThat(deep)
                .containsExactlyInAnyOrder(
                        new HomeMerge.Source(List.of(60L, 50L, 40L), 39), new HomeMerge.Source(List.of(), 0));
        assertThat(directReads).containsExactly(Optional.of(65L));
    }

    @Test
    void anAuthorBackToPushContributesOnlyThePostsNotPushed() {
        lists.put(1L, List.of(90L, 80L, 70L, 60L, 50L, 40L));
        List<HomeMerge.Source> first = sources(Map.of(1L, 75L), 0).below(Optional.empty(), 2);
        assertThat(first).containsExactly(new HomeMerge.Source(List.of(70L, 60L), 59));
        assertThat(directReads).isEmpty();
        List<HomeMerge.Source> more = sources(Map.of(1L, 75L), 0).below(Optional.empty(), 3);
        assertThat(more).containsExactly(new HomeMerge.Source(List.of(70L, 60L, 50L), 49));
        assertThat(directReads).containsExactly(Optional.of(76L));
    }

    @Test
    void nothingAtOrBelowTheFloorIsTheirs() {
        lists.put(1L, List.of(90L, 80L, 70L));
        assertThat(sources(Map.of(1L, HomeRead.ALL_POSTS), 75).below(Optional.empty(), 5))
                .containsExactly(new HomeMerge.Source(List.of(90L, 80L), 75));
        assertThat(sources(Map.of(), 0).below(Optional.empty(), 5)).isEmpty();
    }

    /**
     * The rounds a home page does (merge, and below an incomplete merge's bound go on from it), over
     * random lists, pulled-up-to ids and floors: every page of every size shows each pulled post above
     * the floor once, newest first, and nothing else.
     */
    @RepeatedTest(30)
    void pagesOfMergedPulledAuthorsHaveNoGapAndNoDuplicate() {
        Random random = new Random();
        Set<Long> used = new HashSet<>();
        Map<Long, Long> upTo = new HashMap<>();
        for (long author = 1; author <= 1 + random.nextInt(5); author++) {
            TreeSet<Long> ids = new TreeSet<>(Comparator.reverseOrder());
            int n = random.nextInt(30);
            while (ids.size() < n) {
                long id = 1L + random.nextInt(1_000);
                if (used.add(id)) {
                    ids.add(id);
                }
            }
            lists.put(author, List.copyOf(ids));
            upTo.put(author, random.nextInt(3) == 0 ? 1 + random.nextInt(1_000) : HomeRead.ALL_POSTS);
        }
        long floor = random.nextInt(4) == 0 ? random.nextInt(500) : 0;
        List<Long> expected = new ArrayList<>();
        lists.forEach((author, ids) ->
                ids.stream().filter(id -> id > floor && id <= upTo.get(author)).forEach(expected::add));
        expected.sort(Comparator.reverseOrder());
        PulledSources sources = sources(upTo, floor);
        for (int limit : List.of(1, 2, 5, 13)) {
            List<Long> shown = new ArrayList<>();
            Optional<Long> cursor = Optional.empty();
            for (int page = 0; page < 1_000; page++) {
                List<Long> ids = page(sources, cursor, limit, floor);
                shown.addAll(ids);
                if (ids.size() < limit) {
                    break;
                }
                cursor = Optional.of(ids.get(ids.size() - 1));
            }
            assertThat(shown).as("pages of %d", limit).isEqualTo(expected);
        }
    }

    private static List<Long> page(PulledSources sources, Optional<Long> before, int want, long floor) {
        List<Long> ids = new ArrayList<>();
        Optional<Long> cursor = before;
        while (true) {
            HomeMerge.Merged merged =
                    HomeMerge.merge(sources.below(cursor, want - ids.size()), cursor, want - ids.size());
            ids.addAll(merged.ids());
            if (ids.size() == want || merged.completeAbove() <= floor) {
                return ids;
            }
            assertThat(merged.completeAbove() + 1).isLessThan(cursor.orElse(Long.MAX_VALUE));
            cursor = Optional.of(merged.completeAbove() + 1);
        }
    }
}
