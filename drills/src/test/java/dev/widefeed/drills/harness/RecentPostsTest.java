package dev.widefeed.drills.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecentPostsTest {
    @Test
    void recentPostsAreTheNewestAndEachNewOneTakesTheOldestsPlace() {
        List<String> known = new ArrayList<>();
        for (long id = 1; id <= RecentPosts.SIZE + 500; id++) {
            known.add(String.valueOf(id));
        }
        RecentPosts recent = new RecentPosts(known);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            seen.add(recent.pick());
        }
        assertThat(seen)
                .hasSize(RecentPosts.SIZE)
                .allSatisfy(id -> assertThat(Long.parseLong(id)).isGreaterThan(500));

        recent.add("999999");
        seen.clear();
        for (int i = 0; i < 200_000; i++) {
            seen.add(recent.pick());
        }
        assertThat(seen).contains("999999").doesNotContain("501").hasSize(RecentPosts.SIZE);
    }
}
