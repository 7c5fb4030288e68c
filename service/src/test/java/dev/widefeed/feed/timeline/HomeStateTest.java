package dev.widefeed.feed.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HomeStateTest {
    private static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");

    @Test
    void aHomeStateHasEveryTime() {
        assertThatThrownBy(() -> new HomeState(null, 0, NOW, NOW)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HomeState(NOW, 0, null, NOW)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HomeState(NOW, 0, NOW, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBoundaryIsAPostIdOrZeroForAnInboxCompleteFromTheStart() {
        assertThatThrownBy(() -> new HomeState(NOW, -1, NOW, NOW)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new HomeState(NOW, 0, NOW, NOW).completeAbove()).isZero();
    }
}
