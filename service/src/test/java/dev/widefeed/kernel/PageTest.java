package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PageTest {
    @Test
    void fetchingOneMoreThanTheLimitMeansAnotherPageAfterTheLastItemShown() {
        Page<String, Integer> page = Page.of(List.of("a", "bb", "ccc", "dddd"), 3, String::length);
        assertThat(page.items()).containsExactly("a", "bb", "ccc");
        assertThat(page.next()).contains(3);
    }

    @Test
    void fetchingAtMostTheLimitIsTheLastPage() {
        assertThat(Page.of(List.of("a", "bb", "ccc"), 3, String::length))
                .isEqualTo(new Page<>(List.of("a", "bb", "ccc"), Optional.empty()));
        assertThat(Page.of(List.<String>of(), 3, String::length).next()).isEmpty();
    }

    @Test
    void mappingTheItemsKeepsTheCursor() {
        Page<Integer, String> page = new Page<>(List.of(1, 2), Optional.of("after-2"));
        assertThat(page.map(i -> i * 10)).isEqualTo(new Page<>(List.of(10, 20), Optional.of("after-2")));
    }
}
