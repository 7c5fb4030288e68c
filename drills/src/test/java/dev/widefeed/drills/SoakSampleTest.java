package dev.widefeed.drills;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SoakSampleTest {
    @Test
    void theSampleKeepsEveryKeyAndEveryLikedPostAndBoundsTheRest() {
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
    }

    @Test
    void aMixOfWritesOnlyReadsNothingAndAMixAddsUpTo100() {
        assertThat(MixedLoad.Mix.MIXED.homeReads()).isZero();
        assertThat(SoakDrill.SOAK.homeReads()).isEqualTo(50);
        assertThatThrownBy(() -> new MixedLoad.Mix(40, 20, 20, 20, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
