package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

class EdgeProtocolTest {
    private static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");
    private static final PlainEdge ON = new PlainEdge(true, NOW.minusSeconds(60), 5);

    /** The compare-and-set's calls, each answered in turn by {@code outcomes}. */
    private static final class Cas implements BiPredicate<PlainEdge, PlainEdge> {
        final List<List<PlainEdge>> calls = new ArrayList<>();
        private final Deque<Boolean> outcomes;

        Cas(Boolean... outcomes) {
            this.outcomes = new ArrayDeque<>(List.of(outcomes));
        }

        @Override
        public boolean test(PlainEdge current, PlainEdge next) {
            calls.add(List.of(current, next));
            return outcomes.isEmpty() ? false : outcomes.poll();
        }
    }

    @Test
    void anEdgeAlreadyInTheAskedStateIsLeftAlone() {
        Cas cas = new Cas(true);
        assertThat(EdgeProtocol.change(() -> ON, () -> ON, true, NOW, cas, () -> "edge"))
                .isFalse();
        assertThat(EdgeProtocol.change(() -> PlainEdge.ABSENT, () -> PlainEdge.ABSENT, false, NOW, cas, () -> "edge"))
                .isFalse();
        assertThat(cas.calls).isEmpty();
    }

    @Test
    void alreadyAsAskedIsAnsweredOnlyWhenTheDecidedReadAgrees() {
        // The plain read still shows the edge on, while an unfollow whose answer was lost is in flight; the decided
        // read completes it, and the follow goes ahead from there instead of answering "already following".
        PlainEdge offInFlight = new PlainEdge(false, ON.since(), 6);
        Cas cas = new Cas(true);
        assertThat(EdgeProtocol.change(() -> ON, () -> offInFlight, true, NOW, cas, () -> "edge"))
                .isTrue();
        assertThat(cas.calls).containsExactly(List.of(offInFlight, offInFlight.next(true, NOW)));
    }

    @Test
    void aChangeSetsTheNextStateAfterTheCurrentOne() {
        Cas cas = new Cas(true);
        assertThat(EdgeProtocol.change(() -> ON, () -> ON, false, NOW, cas, () -> "edge"))
                .isTrue();
        assertThat(cas.calls).containsExactly(List.of(ON, new PlainEdge(false, ON.since(), NOW.toEpochMilli() * 1000)));
    }

    @Test
    void aLostRaceReadsTheEdgeAgainAndStopsIfTheWinnerDidTheSame() {
        Deque<PlainEdge> reads = new ArrayDeque<>(List.of(PlainEdge.ABSENT, ON));
        Cas cas = new Cas(false);
        assertThat(EdgeProtocol.change(reads::poll, () -> ON, true, NOW, cas, () -> "edge"))
                .isFalse();
        assertThat(cas.calls).hasSize(1);
    }

    @Test
    void aLostRaceIsRetriedFromTheNewState() {
        PlainEdge offByOther = new PlainEdge(false, ON.since(), 6);
        Deque<PlainEdge> reads = new ArrayDeque<>(List.of(PlainEdge.ABSENT, offByOther));
        Cas cas = new Cas(false, true);
        assertThat(EdgeProtocol.change(
                        reads::poll,
                        () -> {
                            throw new AssertionError("not already as asked: nothing to decide");
                        },
                        true,
                        NOW,
                        cas,
                        () -> "edge"))
                .isTrue();
        assertThat(cas.calls).hasSize(2);
        assertThat(cas.calls.get(1).get(0)).isEqualTo(offByOther);
    }

    @Test
    void aKnownFirstStateStandsForTheFirstReadAndALostRaceReads() {
        Deque<PlainEdge> reads = new ArrayDeque<>(List.of(ON));
        Cas cas = new Cas(false);
        assertThat(EdgeProtocol.change(
                        Optional.of(PlainEdge.ABSENT), reads::poll, () -> ON, true, NOW, cas, () -> "edge"))
                .as("the expected state was not there; the read shows the winner did the same")
                .isFalse();
        assertThat(cas.calls).containsExactly(List.of(PlainEdge.ABSENT, PlainEdge.ABSENT.next(true, NOW)));
        assertThat(reads).isEmpty();

        Cas applies = new Cas(true);
        assertThat(EdgeProtocol.change(
                        Optional.of(PlainEdge.ABSENT),
                        () -> {
                            throw new AssertionError("the first state stands for the read");
                        },
                        () -> PlainEdge.ABSENT,
                        true,
                        NOW,
                        applies,
                        () -> "edge"))
                .isTrue();
    }

    @Test
    void anEdgeThatKeepsChangingUnderneathIsAConflict() {
        Cas cas = new Cas();
        assertThatThrownBy(() -> EdgeProtocol.change(
                        () -> PlainEdge.ABSENT, () -> PlainEdge.ABSENT, true, NOW, cas, () -> "follow 1 -> 2"))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT))
                .hasMessageStartingWith("follow 1 -> 2");
        assertThat(cas.calls).hasSize(CompareAndSet.MAX_ATTEMPTS);
    }
}
