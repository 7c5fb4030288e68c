package dev.widefeed.feed.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.feed.home.HomeMerge.Merged;
import dev.widefeed.feed.home.HomeMerge.Source;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class HomeMergeTest {

    @Test
    void sourcesMergeNewestFirstWithoutDuplicates() {
        Source inbox = new Source(List.of(90L, 70L, 50L), 0);
        Source pulled = new Source(List.of(80L, 70L, 60L), 0); // 70: pushed before its author crossed the threshold
        Merged merged = HomeMerge.merge(List.of(inbox, pulled), Optional.empty(), 10);
        assertThat(merged.ids()).containsExactly(90L, 80L, 70L, 60L, 50L);
        assertThat(merged.completeAbove()).isZero();
    }

    @Test
    void theMergeStopsWhereTheLeastCompleteSourceStops() {
        Source inbox = new Source(List.of(90L, 70L, 50L, 30L), 0);
        Source pulled = new Source(List.of(80L, 60L), 55); // holds nothing older than 56 for sure
        Merged merged = HomeMerge.merge(List.of(inbox, pulled), Optional.empty(), 10);
        assertThat(merged.ids()).containsExactly(90L, 80L, 70L, 60L);
        assertThat(merged.completeAbove()).isEqualTo(55);
    }

    @Test
    void onlyIdsBelowTheCursorAndAtMostWant() {
        Source inbox = new Source(List.of(90L, 70L, 50L, 30L), 0);
        Source pulled = new Source(List.of(80L, 60L, 40L), 0);
        assertThat(HomeMerge.merge(List.of(inbox, pulled), Optional.of(70L), 3).ids())
                .containsExactly(60L, 50L, 40L);
        assertThat(HomeMerge.merge(List.of(inbox, pulled), Optional.of(71L), 1).ids())
                .containsExactly(70L);
    }

    @Test
    void aFullReadIsCompleteOnlyFromItsOldestIdUp() {
        assertThat(Source.read(List.of(90L, 80L, 70L), 3, 10).completeAbove()).isEqualTo(69);
        assertThat(Source.read(List.of(90L, 80L), 3, 10).completeAbove()).isEqualTo(10);
        assertThat(Source.read(List.of(), 3, 10).completeAbove()).isEqualTo(10);
        // A full read that reached the floor anyway is complete above the floor.
        assertThat(Source.read(List.of(12L, 11L), 2, 11).completeAbove()).isEqualTo(11);
    }

    @Test
    void pagingThroughSourcesOfDifferentDepthsShowsEveryIdOnceInOrder() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            // The truth: every source's posts. A source is read with a limit and is complete down to its floor.
            List<TreeSet<Long>> truths = new ArrayList<>();
            List<Long> floors = new ArrayList<>();
            TreeSet<Long> all = new TreeSet<>();
            int sources = 1 + random.nextInt(4);
            for (int s = 0; s < sources; s++) {
                TreeSet<Long> ids = new TreeSet<>();
                int n = random.nextInt(30);
                for (int i = 0; i < n; i++) {
                    ids.add(1L + random.nextInt(200));
                }
                truths.add(ids);
                floors.add(0L);
                all.addAll(ids);
            }
            int pageSize = 1 + random.nextInt(7);
            int readLimit = 1 + random.nextInt(10);
            List<Long> seen = new ArrayList<>();
            Optional<Long> cursor = Optional.empty();
            for (int page = 0; page < 1000; page++) {
                List<Long> ids = fill(truths, floors, readLimit, cursor, pageSize);
                seen.addAll(ids);
                if (ids.size() < pageSize) {
                    break;
                }
                cursor = Optional.of(ids.get(ids.size() - 1));
            }
            assertThat(seen).as("round %d", round).containsExactlyElementsOf(all.descendingSet());
        }
    }

    /** What a caller does: merge what the sources give below the cursor, and read on below the bound until full. */
    private static List<Long> fill(
            List<TreeSet<Long>> truths, List<Long> floors, int readLimit, Optional<Long> cursor, int want) {
        List<Long> page = new ArrayList<>();
        Optional<Long> below = cursor;
        while (page.size() < want) {
            List<Source> sources = new ArrayList<>();
            for (int s = 0; s < truths.size(); s++) {
                long under = below.orElse(Long.MAX_VALUE);
                List<Long> read = truths.get(s).headSet(under, false).descendingSet().stream()
                        .limit(readLimit)
                        .sorted(Comparator.reverseOrder())
                        .toList();
                sources.add(Source.read(read, readLimit, floors.get(s)));
            }
            Merged merged = HomeMerge.merge(sources, below, want - page.size());
            page.addAll(merged.ids());
            if (page.size() == want || merged.completeAbove() == 0) {
                break;
            }
            below = Optional.of(merged.completeAbove() + 1);
        }
        return page;
    }

    @Test
    void wantIsAtLeastOneAndBoundsAreNotNegative() {
        assertThatThrownBy(() -> HomeMerge.merge(List.of(), Optional.empty(), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Source(List.of(), -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(HomeMerge.merge(List.of(), Optional.empty(), 5).ids()).isEmpty();
    }
}
