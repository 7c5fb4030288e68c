package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class StableCountTest {
    private final List<String> calls = new ArrayList<>();
    private final List<Long> added = new ArrayList<>();

    private LongSupplier counter(Long... reads) {
        Deque<Long> values = new ArrayDeque<>(List.of(reads));
        return () -> {
            calls.add("counter");
            return values.poll();
        };
    }

    private LongSupplier rows(long n) {
        return () -> {
            calls.add("rows");
            return n;
        };
    }

    private StableCount.Outcome correct(LongSupplier counter, LongSupplier rows) {
        return StableCount.correct(counter, rows, added::add);
    }

    @Test
    void aCounterBelowItsRowsIsRaisedByTheDifference() {
        assertThat(correct(counter(5L, 5L, 5L), rows(8))).isEqualTo(new StableCount.Outcome(3, false));
        assertThat(added).containsExactly(3L);
    }

    @Test
    void aCounterAboveItsRowsIsLoweredByTheDifference() {
        assertThat(correct(counter(8L, 8L, 8L), rows(5))).isEqualTo(new StableCount.Outcome(-3, false));
        assertThat(added).containsExactly(-3L);
    }

    @Test
    void aRightCounterIsNotWritten() {
        assertThat(correct(counter(4L, 4L), rows(4))).isEqualTo(new StableCount.Outcome(0, false));
        assertThat(added).isEmpty();
    }

    @Test
    void aCounterThatMovedDuringTheCountIsLeftForTheNextRun() {
        assertThat(correct(counter(5L, 6L), rows(9))).isEqualTo(new StableCount.Outcome(0, true));
        assertThat(added).isEmpty();
    }

    @Test
    void aDifferenceThatAnUpdateStillOnItsWayExplainsIsLeftForTheNextRun() {
        // The row of a change was counted while its coalesced update had not landed: it lands before the third read.
        assertThat(correct(counter(5L, 5L, 6L), rows(6))).isEqualTo(new StableCount.Outcome(0, true));
        assertThat(added).isEmpty();
        assertThat(calls).containsExactly("counter", "rows", "counter", "counter");
    }

    @Test
    void theCounterIsReadBeforeAndAfterTheRows() {
        correct(counter(1L, 1L), rows(1));
        assertThat(calls).containsExactly("counter", "rows", "counter");
    }
}
