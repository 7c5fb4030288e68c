package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EdgeCopiesTest {
    private static final Instant T1 = Instant.parse("2026-11-22T06:00:00Z");
    private static final Instant T2 = Instant.parse("2026-11-22T07:00:00Z");

    @Test
    void theFirstOnAddsRowsAndRemovesNothing() {
        PlainEdge on = PlainEdge.ABSENT.next(true, T1);
        EdgeCopies copies = EdgeCopies.between(PlainEdge.ABSENT, on);
        assertThat(copies).isEqualTo(new EdgeCopies(Optional.empty(), Optional.of(T1), on.version()));
        assertThat(copies.isEmpty()).isFalse();
    }

    @Test
    void goingOffRemovesTheRowsAtTheirSinceAndAddsNone() {
        PlainEdge on = PlainEdge.ABSENT.next(true, T1);
        PlainEdge off = on.next(false, T2);
        assertThat(EdgeCopies.between(on, off))
                .isEqualTo(new EdgeCopies(Optional.of(T1), Optional.empty(), off.version()));
    }

    @Test
    void comingBackOnRemovesTheOldSinceAndAddsTheNewOne() {
        PlainEdge off = new PlainEdge(false, T1, 10);
        PlainEdge on = off.next(true, T2);
        assertThat(EdgeCopies.between(off, on))
                .isEqualTo(new EdgeCopies(Optional.of(T1), Optional.of(T2), on.version()));
    }

    @Test
    void comingBackOnAtTheSameSinceKeepsTheRows() {
        // Removing T1 then adding T1, both at one version, could leave the removal winning.
        PlainEdge off = new PlainEdge(false, T1, 10);
        PlainEdge on = new PlainEdge(true, T1, 11);
        assertThat(EdgeCopies.between(off, on)).isEqualTo(new EdgeCopies(Optional.empty(), Optional.of(T1), 11));
    }

    @Test
    void anUnchangedOnEdgeRewritesItsRowsAtTheNewVersion() {
        PlainEdge on = new PlainEdge(true, T1, 10);
        assertThat(EdgeCopies.between(on, new PlainEdge(true, T1, 12)))
                .isEqualTo(new EdgeCopies(Optional.empty(), Optional.of(T1), 12));
    }

    @Test
    void anOnEdgeMovedToANewSinceLeavesNoRowsAtTheOldOne() {
        PlainEdge on = new PlainEdge(true, T1, 10);
        assertThat(EdgeCopies.between(on, new PlainEdge(true, T2, 12)))
                .isEqualTo(new EdgeCopies(Optional.of(T1), Optional.of(T2), 12));
    }

    @Test
    void anEdgeNeverOnHasNoRowsToWrite() {
        PlainEdge off = PlainEdge.ABSENT.next(false, T1);
        EdgeCopies copies = EdgeCopies.between(PlainEdge.ABSENT, off);
        assertThat(copies.isEmpty()).isTrue();
        assertThat(copies.version()).isEqualTo(off.version());
    }

    @Test
    void anOffEdgeStayingOffStillRemovesItsOldRows() {
        PlainEdge off = new PlainEdge(false, T1, 10);
        assertThat(EdgeCopies.between(off, new PlainEdge(false, T1, 11)))
                .isEqualTo(new EdgeCopies(Optional.of(T1), Optional.empty(), 11));
    }
}
