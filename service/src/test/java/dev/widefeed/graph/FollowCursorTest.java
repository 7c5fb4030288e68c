package dev.widefeed.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FollowCursorTest {
    private static final Instant SINCE = Instant.parse("2026-11-22T06:00:00Z");

    @Test
    void aFollowingPageEndsAtItsLastEntrysSinceAndUser() {
        assertThat(FollowCursor.after(new Follow(42, SINCE))).isEqualTo(new FollowCursor(SINCE, 42));
    }

    @Test
    void aFollowersPageEndsTheSameWayWhateverTheFollowersLastRead() {
        FollowCursor read = FollowCursor.after(new Follower(42, SINCE, Optional.of(SINCE.plusSeconds(60))));
        FollowCursor never = FollowCursor.after(new Follower(42, SINCE, Optional.empty()));
        assertThat(read).isEqualTo(new FollowCursor(SINCE, 42)).isEqualTo(never);
    }
}
