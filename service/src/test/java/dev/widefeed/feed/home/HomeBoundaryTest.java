package dev.widefeed.feed.home;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.kernel.IdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HomeBoundaryTest {
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
    private static final Duration TTL = Duration.ofDays(30);

    /** A post id from {@code ago} before now. */
    private static long postFrom(Duration ago) {
        return IdGenerator.lowestAt(NOW.minus(ago)) + 7;
    }

    @Test
    void theFloorIsTheStoredBoundaryUnlessEntriesOlderThanTheTtlWouldBeNeeded() {
        long expiry = IdGenerator.lowestAt(NOW.minus(TTL).plus(Duration.ofHours(1)));
        assertThat(HomeBoundary.floor(0, NOW, TTL)).isEqualTo(expiry);
        assertThat(HomeBoundary.floor(expiry - 1, NOW, TTL)).isEqualTo(expiry);
        long recent = postFrom(Duration.ofDays(2));
        assertThat(HomeBoundary.floor(recent, NOW, TTL)).isEqualTo(recent);
    }

    @Test
    void aRebuildIsCompleteAboveTheOldestIdOfEveryFullAuthor() {
        long a1 = postFrom(Duration.ofHours(1));
        long a2 = postFrom(Duration.ofHours(2));
        long a3 = postFrom(Duration.ofHours(30));
        long b1 = postFrom(Duration.ofHours(3));
        // Author a returned a full list of 3 (it may have more below a3); author b a short one.
        List<List<Long>> byAuthor = List.of(List.of(a1, a2, a3), List.of(b1));
        List<Long> merged = List.of(a1, a2, b1, a3);
        // Four ids merged, three kept: the fourth (a3) is the boundary either way.
        assertThat(HomeBoundary.afterRebuild(byAuthor, merged, 3, NOW, TTL)).isEqualTo(a3);
        // With room for four per author, no list is full and all four fit: complete down to the ttl.
        assertThat(HomeBoundary.afterRebuild(byAuthor, merged, 4, NOW, TTL))
                .isEqualTo(IdGenerator.lowestAt(NOW.minus(TTL)));
    }

    @Test
    void aFullAuthorBoundsTheRebuildEvenWhenTheMergedListFits() {
        long a1 = postFrom(Duration.ofHours(1));
        long a2 = postFrom(Duration.ofHours(5));
        // Two merged ids fit in two, but author a filled its two: it may have more below a2.
        assertThat(HomeBoundary.afterRebuild(List.of(List.of(a1, a2), List.of()), List.of(a1, a2), 2, NOW, TTL))
                .isEqualTo(a2);
    }

    @Test
    void aRebuildNeverReachesPastTheTtl() {
        long old = postFrom(TTL.plusDays(5));
        assertThat(HomeBoundary.afterRebuild(List.of(List.of(old)), List.of(old), 1, NOW, TTL))
                .isEqualTo(IdGenerator.lowestAt(NOW.minus(TTL)));
    }

    @Test
    void aFullBackfillIsCompleteAboveItsOldestIdAndAShortOneEverywhere() {
        assertThat(HomeBoundary.afterBackfill(List.of(900L, 800L, 700L), 3)).isEqualTo(699L);
        assertThat(HomeBoundary.afterBackfill(List.of(900L, 800L), 3)).isZero();
        assertThat(HomeBoundary.afterBackfill(List.of(), 0)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aPageStartsInTheInboxOnlyAboveTheFloorAndPullsNeverAboveIt() {
        long floor = 1_000;
        assertThat(HomeBoundary.startsInInbox(Optional.empty(), floor)).isTrue();
        assertThat(HomeBoundary.startsInInbox(Optional.of(1_002L), floor)).isTrue();
        // Before 1001 means ids up to 1000: all at or below the floor, so all pulled.
        assertThat(HomeBoundary.startsInInbox(Optional.of(1_001L), floor)).isFalse();
        assertThat(HomeBoundary.startsInInbox(Optional.of(5L), floor)).isFalse();

        assertThat(HomeBoundary.pullBelow(Optional.empty(), floor)).isEqualTo(1_001L);
        assertThat(HomeBoundary.pullBelow(Optional.of(5_000L), floor)).isEqualTo(1_001L);
        assertThat(HomeBoundary.pullBelow(Optional.of(500L), floor)).isEqualTo(500L);
    }
}
