package dev.widefeed.feed.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.feed.timeline.AuthorDelivery.Mode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PullRulesTest {
    private static final PullRules RULES = new PullRules(100_000, 200, Duration.ofSeconds(1), 1_000);

    @Test
    void aPushedAuthorIsPulledOnlyPastTheThreshold() {
        assertThat(RULES.pulls(100_000, Mode.PUSHED)).isFalse();
        assertThat(RULES.pulls(100_001, Mode.PUSHED)).isTrue();
        assertThat(RULES.pulls(0, Mode.PUSHED)).isFalse();
        // Being pushed back is being pushed: the same threshold.
        assertThat(RULES.pulls(100_000, Mode.PUSHING)).isFalse();
        assertThat(RULES.pulls(100_001, Mode.PUSHING)).isTrue();
    }

    @Test
    void aPulledAuthorIsPushedAgainOnlyBelowNineTenthsOfTheThreshold() {
        assertThat(RULES.pulls(100_000, Mode.PULLED)).isTrue();
        assertThat(RULES.pulls(90_000, Mode.PULLED)).isTrue();
        assertThat(RULES.pulls(89_999, Mode.PULLED)).isFalse();
        assertThat(RULES.pulls(90_000, Mode.PULLING)).isTrue();
        assertThat(RULES.pulls(89_999, Mode.PULLING)).isFalse();
    }

    @Test
    void aTinyThresholdStillHasABand() {
        PullRules tiny = new PullRules(10, 1, Duration.ofSeconds(1), 1);
        assertThat(tiny.pulls(11, Mode.PUSHED)).isTrue();
        assertThat(tiny.pulls(9, Mode.PULLED)).isTrue();
        assertThat(tiny.pulls(8, Mode.PULLED)).isFalse();
    }

    @Test
    void badSettingsAreRefused() {
        assertThatThrownBy(() -> new PullRules(0, 200, Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PullRules(10, 0, Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PullRules(10, 200, Duration.ZERO, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PullRules(10, 200, Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyAPulledAuthorsPostsGoIntoNoInboxAndNewFollowersPullDuringTheWalkUp() {
        assertThat(Mode.PULLED.pushes()).isFalse();
        assertThat(Mode.PUSHED.pushes()).isTrue();
        assertThat(Mode.PULLING.pushes()).isTrue();
        assertThat(Mode.PUSHING.pushes()).isTrue();
        assertThat(Mode.PULLING.pulledByNewFollowers()).isTrue();
        assertThat(Mode.PULLED.pulledByNewFollowers()).isTrue();
        assertThat(Mode.PUSHING.pulledByNewFollowers()).isFalse();
        assertThat(Mode.PUSHED.pulledByNewFollowers()).isFalse();
    }
}
