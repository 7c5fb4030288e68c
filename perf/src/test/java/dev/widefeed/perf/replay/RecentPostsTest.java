package dev.widefeed.perf.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecentPostsTest {
    @Test
    void keepsAtMostTheBoundsHoweverManyPostsComeIn() {
        RecentPosts recent = new RecentPosts(10, 3, 5);
        for (long post = 1; post <= 10_000; post++) {
            recent.add(post % 50, post);
        }
        assertThat(recent.authors()).isEqualTo(10);
        assertThat(recent.postsOfAnyone()).isEqualTo(5);
        for (long author = 0; author < 50; author++) {
            assertThat(recent.postsOf(author)).isLessThanOrEqualTo(3);
        }
    }

    @Test
    void picksAmongTheAuthorsNewestPosts() {
        RecentPosts recent = new RecentPosts(10, 3, 5);
        for (long post = 1; post <= 10; post++) {
            recent.add(7, post);
        }
        Set<Long> picked = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            picked.add(recent.pick(7).orElseThrow());
        }
        assertThat(picked).containsExactlyInAnyOrder(8L, 9L, 10L);
    }

    @Test
    void fallsBackToAnyonesRecentPostsThenToNothing() {
        RecentPosts recent = new RecentPosts(2, 3, 2);
        assertThat(recent.pick(1)).isEmpty();
        recent.add(1, 100);
        recent.add(2, 200);
        recent.add(3, 300); // author 1 is forgotten, as least recently used
        assertThat(recent.postsOf(1)).isZero();
        Set<Long> picked = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            picked.add(recent.pick(1).orElseThrow());
        }
        assertThat(picked).containsExactlyInAnyOrder(200L, 300L);
    }
}
