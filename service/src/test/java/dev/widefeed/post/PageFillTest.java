package dev.widefeed.post;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.audience.Audience;
import dev.widefeed.kernel.Page;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PageFillTest {
    private static final Instant CREATED = Instant.parse("2026-11-22T06:00:00Z");

    /**
     * A newest-first list of ids {@code newest} .. 1 of which the viewer gets all but {@code missing},
     * recording every request made of it.
     */
    private static final class Listing {
        private final List<Long> ids;
        private final Set<Long> missing;
        final List<String> asked = new ArrayList<>();
        final List<List<Long>> loaded = new ArrayList<>();

        Listing(long newest, Set<Long> missing) {
            this.ids = LongStream.iterate(newest, id -> id >= 1, id -> id - 1)
                    .boxed()
                    .toList();
            this.missing = missing;
        }

        Page<PostDetails, Long> page(int limit, Optional<Long> before) {
            return page(limit, before, Since.NONE);
        }

        Page<PostDetails, Long> page(int limit, Optional<Long> before, Since since) {
            return PageFill.fill(limit, before, since, this::below, this::posts);
        }

        private List<Long> below(Optional<Long> cursor, int count) {
            asked.add(cursor.map(String::valueOf).orElse("top") + "/" + count);
            return ids.stream()
                    .filter(id -> cursor.isEmpty() || id < cursor.get())
                    .limit(count)
                    .toList();
        }

        private List<PostDetails> posts(List<Long> pageIds) {
            loaded.add(List.copyOf(pageIds));
            return pageIds.stream()
                    .filter(id -> !missing.contains(id))
                    .map(PageFillTest::details)
                    .toList();
        }
    }

    private static PostDetails details(long id) {
        Post post = new Post(id, 1, PostType.ORIGINAL, "post " + id, CREATED, Audience.PUBLIC, Optional.empty());
        return new PostDetails(post, PostCounts.ZERO, Optional.empty());
    }

    private static List<Long> ids(Page<PostDetails, Long> page) {
        return page.items().stream().map(d -> d.post().id()).toList();
    }

    @Test
    void aFullPageIsReadInOneRoundWithOneIdMoreToLearnWhetherMoreFollow() {
        Listing listing = new Listing(10, Set.of());
        Page<PostDetails, Long> page = listing.page(3, Optional.empty());
        assertThat(ids(page)).containsExactly(10L, 9L, 8L);
        assertThat(page.next()).contains(8L);
        assertThat(listing.asked).containsExactly("top/4");
        assertThat(listing.loaded).as("the look-ahead id is not loaded").containsExactly(List.of(10L, 9L, 8L));
    }

    @Test
    void theNextPageStartsStrictlyBelowTheCursor() {
        Listing listing = new Listing(10, Set.of());
        Page<PostDetails, Long> page = listing.page(3, Optional.of(8L));
        assertThat(ids(page)).containsExactly(7L, 6L, 5L);
        assertThat(page.next()).contains(5L);
        assertThat(listing.asked).containsExactly("8/4");
    }

    @Test
    void aBoundEndsTheListAboveItAndPagesDownToItWithTheUsualCursor() {
        Listing listing = new Listing(10, Set.of(6L));
        Page<PostDetails, Long> first = listing.page(2, Optional.empty(), new Since(4));
        assertThat(ids(first)).containsExactly(10L, 9L);
        assertThat(first.next()).contains(9L);
        Page<PostDetails, Long> second = listing.page(2, first.next(), new Since(4));
        assertThat(ids(second))
                .as("6 is not the viewer's: made up from below, down to the bound")
                .containsExactly(8L, 7L);
        Page<PostDetails, Long> last = listing.page(2, second.next(), new Since(4));
        assertThat(ids(last)).containsExactly(5L);
        assertThat(last.next()).as("the bound reached").isEmpty();
        assertThat(listing.page(2, Optional.empty(), new Since(10)).items()).isEmpty();
        Page<PostDetails, Long> exact = listing.page(2, Optional.empty(), new Since(8));
        assertThat(ids(exact)).containsExactly(10L, 9L);
        assertThat(exact.next())
                .as("exactly full up to the bound: nothing follows")
                .isEmpty();
    }

    @Test
    void theLastPageHasNoCursorEvenWhenItIsExactlyFull() {
        Listing listing = new Listing(3, Set.of());
        Page<PostDetails, Long> page = listing.page(3, Optional.empty());
        assertThat(ids(page)).containsExactly(3L, 2L, 1L);
        assertThat(page.next()).isEmpty();
    }

    @Test
    void anEmptyListGivesAnEmptyLastPage() {
        Listing listing = new Listing(0, Set.of());
        Page<PostDetails, Long> page = listing.page(5, Optional.empty());
        assertThat(page.items()).isEmpty();
        assertThat(page.next()).isEmpty();
        assertThat(listing.asked).containsExactly("top/6");
    }

    @Test
    void missingPostsAreMadeUpFromBelowTheLastIdExamined() {
        Listing listing = new Listing(10, Set.of(9L, 8L));
        Page<PostDetails, Long> page = listing.page(3, Optional.empty());
        assertThat(ids(page)).containsExactly(10L, 7L, 6L);
        assertThat(page.next()).contains(6L);
        assertThat(listing.asked).containsExactly("top/4", "8/3");
        assertThat(listing.loaded).containsExactly(List.of(10L, 9L, 8L), List.of(7L, 6L));
    }

    @Test
    void theCursorIsTheLastIdExaminedSoNothingIsSkippedOrRepeated() {
        Listing listing = new Listing(10, Set.of(4L));
        List<Long> seen = new ArrayList<>();
        Optional<Long> cursor = Optional.empty();
        int pages = 0;
        do {
            Page<PostDetails, Long> page = listing.page(3, cursor);
            seen.addAll(ids(page));
            cursor = page.next();
            pages++;
        } while (cursor.isPresent());
        assertThat(seen).containsExactly(10L, 9L, 8L, 7L, 6L, 5L, 3L, 2L, 1L);
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void aListThatEndsWithinTheRoundGivesAShortLastPageWithoutAnotherRound() {
        Listing listing = new Listing(5, Set.of(4L, 3L));
        Page<PostDetails, Long> page = listing.page(5, Optional.empty());
        assertThat(ids(page)).containsExactly(5L, 2L, 1L);
        assertThat(page.next()).isEmpty();
        assertThat(listing.asked).containsExactly("top/6");
    }

    @Test
    void aListThatEndsWhileMakingUpGivesAShortLastPage() {
        Listing listing = new Listing(5, Set.of(4L, 3L));
        Page<PostDetails, Long> page = listing.page(4, Optional.empty());
        assertThat(ids(page)).containsExactly(5L, 2L, 1L);
        assertThat(page.next()).isEmpty();
        assertThat(listing.asked).containsExactly("top/5", "2/3");
    }

    @Test
    void afterMaxRoundsAPageIsAnsweredShortWithACursorToGoOn() {
        Listing listing =
                new Listing(100, LongStream.rangeClosed(1, 100).boxed().collect(Collectors.toSet()));
        Page<PostDetails, Long> page = listing.page(2, Optional.empty());
        assertThat(page.items()).isEmpty();
        assertThat(listing.asked).hasSize(PageFill.MAX_ROUNDS).containsExactly("top/3", "99/3", "97/3", "95/3");
        assertThat(page.next()).as("four rounds of two ids: 100 .. 93 examined").contains(93L);
    }

    @Test
    void eachRoundAsksOnlyForWhatThePageStillLacks() {
        Listing listing = new Listing(20, Set.of(20L, 19L, 18L, 16L));
        Page<PostDetails, Long> page = listing.page(4, Optional.empty());
        // round 1: 20..17 gives 17; round 2: 3 more wanted, 16..14 gives 15 and 14; round 3: 1 more, 13.
        assertThat(listing.asked).containsExactly("top/5", "17/4", "14/2");
        assertThat(ids(page)).containsExactly(17L, 15L, 14L, 13L);
        assertThat(page.next()).contains(13L);
    }
}
