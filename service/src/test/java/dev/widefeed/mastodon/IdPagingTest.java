package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.Page;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class IdPagingTest {
    /** Ids 1..1000, read newest first below a position, as the service's lists read. */
    private static final IdPaging.Reader<Long, Long> LIST = (before, limit) -> Page.of(
            LongStream.iterate(before.orElse(1001L) - 1, id -> id >= 1, id -> id - 1)
                    .limit(limit + 1L)
                    .boxed()
                    .toList(),
            limit,
            id -> id);

    private static List<Long> read(IdPaging<Long> paging) {
        return paging.read(LIST, id -> id);
    }

    private static IdPaging<Long> paging(String... namesAndValues) {
        MultivaluedHashMap<String, String> query = new MultivaluedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            query.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return IdPaging.of(Fields.of(null, query));
    }

    @Test
    void maxIdAndSinceIdReadNewestFirstAndLimitIsClamped() {
        assertThat(read(paging())).hasSize(20).startsWith(1000L);
        assertThat(read(paging("max_id", "500", "limit", "3"))).containsExactly(499L, 498L, 497L);
        assertThat(read(paging("since_id", "990", "limit", "3"))).containsExactly(1000L, 999L, 998L);
        assertThat(read(paging("limit", "1000"))).hasSize(IdPaging.MAX_LIMIT);
        assertThat(read(paging("limit", "0"))).hasSize(1);
    }

    @Test
    void minIdAnswersThePageRightAboveIt() {
        assertThat(read(paging("min_id", "900", "limit", "3"))).containsExactly(903L, 902L, 901L);
        assertThat(read(paging("min_id", "998", "limit", "5"))).containsExactly(1000L, 999L);
    }

    @Test
    void aLowerBoundFarDownIsExactWithinItsPagesAndSinceIdKeepsTheNewest() {
        assertThat(read(paging("min_id", "700", "limit", "2"))).containsExactly(702L, 701L);
        assertThat(read(paging("since_id", "700", "limit", "2"))).containsExactly(1000L, 999L);
        assertThat(read(paging("max_id", "800", "since_id", "700", "limit", "2")))
                .containsExactly(799L, 798L);
        // 400 below the top is past the pages a bound reads: the deepest page read is answered.
        assertThat(read(paging("min_id", "100", "limit", "2")))
                .containsExactly(
                        1000L - IdPaging.BOUND_PAGES * IdPaging.MAX_LIMIT + 2,
                        1000L - IdPaging.BOUND_PAGES * IdPaging.MAX_LIMIT + 1);
    }

    @Test
    void positionIdsCompareAsTheirEntriesAndReadBack() {
        PositionIds a = new PositionIds(1_700_000_000_000L, 5);
        PositionIds b = new PositionIds(1_700_000_000_000L, 40);
        assertThat(a.compareTo(b)).isNegative();
        assertThat(a.text().compareTo(b.text())).isNegative();
        assertThat(a.text()).hasSize(13 + 19);
        assertThat(PositionIds.parse(b.text())).contains(b);
        assertThat(PositionIds.parse("12")).isEmpty();
        assertThat(PositionIds.parse("x".repeat(25))).isEmpty();
    }

    @Test
    void malformedBoundsAreRefused() {
        assertThatThrownBy(() -> paging("max_id", "abc")).isInstanceOf(MastodonException.class);
        assertThatThrownBy(() -> paging("limit", "many")).isInstanceOf(MastodonException.class);
    }
}
