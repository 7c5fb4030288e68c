package dev.widefeed.drills.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.MixedLoad;
import org.junit.jupiter.api.Test;

class SoakSampleTest {
    @Test
    void theSampleKeepsEveryFollowAndBoundsLikedPostsWithTheirLikes() {
        Ledger all = new Ledger();
        for (int i = 0; i < 100; i++) {
            all.post("p" + i, "u");
            all.comment("c" + i, "p" + i);
        }
        all.like("p97", "u1", true, true);
        all.like("p98", "u2", false, false);
        all.follow("u1", "u2", true, true);

        Ledger sample = SoakDrill.sample(all, 10);

        assertThat(sample.likes).isEqualTo(all.likes);
        assertThat(sample.follows).isEqualTo(all.follows);
        assertThat(sample.posts).hasSize(10).containsKeys("p97", "p98");
        assertThat(sample.comments).hasSize(10);
        assertThat(all.posts).containsAllEntriesOf(sample.posts);

        Ledger many = new Ledger();
        for (int i = 0; i < 100; i++) {
            many.post("p" + i, "u");
        }
        for (int i = 0; i < 50; i++) {
            many.like("p" + i, "u1", true, true);
            many.like("p" + i, "u2", i % 2 == 0, true);
        }
        Ledger bounded = SoakDrill.sample(many, 10);
        assertThat(bounded.posts).hasSize(10);
        assertThat(bounded.likes).hasSize(20).allSatisfy((edge, last) -> {
            assertThat(bounded.posts).containsKey(edge.from());
            assertThat(last).isEqualTo(many.likes.get(edge));
        });
    }

    @Test
    void aMixOfWritesOnlyReadsNothingAndAMixAddsUpTo100() {
        assertThat(MixedLoad.Mix.MIXED.homeReads()).isZero();
        assertThat(SoakDrill.SOAK.homeReads()).isEqualTo(50);
        assertThatThrownBy(() -> new MixedLoad.Mix(40, 20, 20, 20, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
