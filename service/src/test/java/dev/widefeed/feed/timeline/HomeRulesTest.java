package dev.widefeed.feed.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.feed.FeedFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HomeRulesTest {
    private static final Duration TTL = Duration.ofDays(30);
    private static final Duration ACTIVE = Duration.ofDays(7);
    private static final Duration TOUCH = Duration.ofMinutes(1);
    private static final Duration TRIM = Duration.ofHours(1);
    private static final Duration SHARE = Duration.ofHours(6);

    private static HomeRules rules(int hotWindow, int rebuildSize, int followBackfill) {
        return new HomeRules(hotWindow, TTL, ACTIVE, rebuildSize, followBackfill, TOUCH, TRIM, SHARE);
    }

    private static HomeRules durations(
            Duration entryTtl, Duration active, Duration touch, Duration trim, Duration share) {
        return new HomeRules(800, entryTtl, active, 200, 20, touch, trim, share);
    }

    @Test
    void theDefaultConfigurationGivesTheHomeTheWidestFanoutTiersWindow() {
        FeedRules rules = new FeedFactory().rules();
        assertThat(rules.fanout().hybridAbove()).isEqualTo(10_000);
        assertThat(rules.fanout().activeWindow()).isEqualTo(Duration.ofDays(14));
        assertThat(rules.home().activeWindow()).isEqualTo(rules.fanout().activeWindow());
        assertThat(rules.home().rebuildSize()).isLessThanOrEqualTo(rules.home().hotWindow());
    }

    @Test
    void anInboxKeepsAtLeastOneEntryAndARebuildFitsInIt() {
        assertThatThrownBy(() -> rules(0, 1, 20)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rules(800, 0, 20)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rules(200, 201, 20)).isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> rules(200, 200, 20)).doesNotThrowAnyException();
        assertThatCode(() -> rules(1, 1, 20)).doesNotThrowAnyException();
    }

    @Test
    void aFollowMayBackfillNothingButNotLessThanNothing() {
        assertThatThrownBy(() -> rules(800, 200, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> rules(800, 200, 0)).doesNotThrowAnyException();
    }

    @Test
    void anEntryLivesAtLeastAMinute() {
        assertThatThrownBy(() -> durations(Duration.ofSeconds(59), ACTIVE, TOUCH, TRIM, SHARE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> durations(Duration.ofMinutes(1), ACTIVE, TOUCH, TRIM, SHARE))
                .doesNotThrowAnyException();
    }

    @Test
    void noIntervalIsNegative() {
        Duration negative = Duration.ofMillis(-1);
        assertThatThrownBy(() -> durations(TTL, negative, TOUCH, TRIM, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> durations(TTL, ACTIVE, negative, TRIM, SHARE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> durations(TTL, ACTIVE, TOUCH, negative, SHARE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> durations(TTL, ACTIVE, TOUCH, TRIM, negative))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatCode(() -> durations(TTL, ACTIVE, Duration.ZERO, Duration.ZERO, Duration.ZERO))
                .doesNotThrowAnyException();
    }

    @Test
    void activityIsSharedAtLeastTwiceWithinTheActiveWindow() {
        // A failed share leaves the previous one on the edges, which must still be inside the window.
        Duration half = ACTIVE.dividedBy(2);
        assertThatCode(() -> durations(TTL, ACTIVE, TOUCH, TRIM, half)).doesNotThrowAnyException();
        assertThatThrownBy(() -> durations(TTL, ACTIVE, TOUCH, TRIM, half.plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> durations(TTL, ACTIVE, TOUCH, TRIM, ACTIVE))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
