package dev.widefeed.mastodon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.Page;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class IdPagingTest {
    /** Ids 1..1000, read newest first below a position and above a bound, as the service's lists read. */
    private static final IdPaging.Reader<Long> LIST = (before, since, limit) -> {
        List<Long> below = LongStream.iterate(before.orElse(1001L) - 1, id -> id >= 1, id -> id - 1)
                .limit(limit + 1L)
                .boxed()
                .toList();
        List<Long> above = since.above(below);
        Page<Long, Long> page = Page.of(above, limit, id -> id);
        return above.size() < below.size() ? new Page<>(page.items(), Optional.empty()) : page;
    };

    private static IdPaging paging(String... namesAndValues) {
        MultivaluedHashMap<String, String> query = new MultivaluedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            query.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return IdPaging.of(Fields.of(null, query));
    }

    @Test
    void maxIdAndSinceIdReadNewestFirstAndLimitIsClamped() {
        assertThat(paging().read(LIST)).hasSize(20).startsWith(1000L);
        assertThat(paging("max_id", "500", "limit", "3").read(LIST)).containsExactly(499L, 498L, 497L);
        assertThat(paging("since_id", "990", "limit", "3").read(LIST)).containsExactly(1000L, 999L, 998L);
        assertThat(paging("limit", "1000").read(LIST)).hasSize(IdPaging.MAX_LIMIT);
        assertThat(paging("limit", "0").read(LIST)).hasSize(1);
    }

    @Test
    void minIdAnswersThePageRightAboveIt() {
        assertThat(paging("min_id", "900", "limit", "3").read(LIST)).containsExactly(903L, 902L, 901L);
        assertThat(paging("min_id", "998", "limit", "5").read(LIST)).containsExactly(1000L, 999L);
    }

    @Test
    void malformedBoundsAreRefused() {
        assertThatThrownBy(() -> paging("max_id", "abc")).isInstanceOf(MastodonException.class);
        assertThatThrownBy(() -> paging("limit", "many")).isInstanceOf(MastodonException.class);
    }
}
