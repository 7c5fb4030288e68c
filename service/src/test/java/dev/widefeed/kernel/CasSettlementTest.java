package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class CasSettlementTest {
    private static final CasSettlement QUICK =
            new CasSettlement(new CasSettlement.Budget(Duration.ofSeconds(2), Duration.ZERO));
    private final AtomicInteger reads = new AtomicInteger();

    /** The store's answers to the tries, in turn: true, false, or an exception to throw. */
    private static BooleanSupplier answers(Object... answers) {
        Deque<Object> left = new ArrayDeque<>(List.of(answers));
        return () -> {
            Object next = left.removeFirst();
            if (next instanceof RuntimeException e) {
                throw e;
            }
            return (Boolean) next;
        };
    }

    private BooleanSupplier rowHolds(boolean holds) {
        return () -> {
            reads.incrementAndGet();
            return holds;
        };
    }

    private static UnknownOutcomeException timedOut() {
        return new UnknownOutcomeException("timed out", null);
    }

    private static TemporaryStoreException unavailable() {
        return new TemporaryStoreException("unavailable", null);
    }

    @Test
    void aFirstTryThatAnswersIsTheOutcomeWithoutReadingTheRow() {
        assertThat(QUICK.apply(answers(true), rowHolds(false))).isEqualTo(CasSettlement.Outcome.APPLIED);
        assertThat(QUICK.apply(answers(false), rowHolds(true))).isEqualTo(CasSettlement.Outcome.NOT_APPLIED);
        assertThat(reads).hasValue(0);
    }

    @Test
    void aTryAfterAnUnknownOneThatAppliesSettlesItAsThisCallsChange() {
        assertThat(QUICK.apply(answers(timedOut(), true), rowHolds(false))).isEqualTo(CasSettlement.Outcome.APPLIED);
        assertThat(QUICK.apply(answers(unavailable(), timedOut(), true), rowHolds(false)))
                .isEqualTo(CasSettlement.Outcome.APPLIED);
        assertThat(reads).hasValue(0);
    }

    @Test
    void aTryAfterAnUnknownOneThatFindsTheRowHoldingTheProposalSaysAnEarlierTryApplied() {
        assertThat(QUICK.apply(answers(timedOut(), false), rowHolds(true))).isEqualTo(CasSettlement.Outcome.HELD);
        assertThat(reads).hasValue(1);
    }

    @Test
    void aTryAfterAnUnknownOneThatFindsAnotherChangeCannotTellWhetherTheFirstApplied() {
        assertThat(QUICK.apply(answers(timedOut(), false), rowHolds(false))).isEqualTo(CasSettlement.Outcome.REPLACED);
    }

    @Test
    void aFailedReadOfTheRowIsAnotherTry() {
        AtomicInteger read = new AtomicInteger();
        BooleanSupplier failingOnce = () -> {
            if (read.incrementAndGet() == 1) {
                throw unavailable();
            }
            return true;
        };
        assertThat(QUICK.apply(answers(timedOut(), false, false), failingOnce)).isEqualTo(CasSettlement.Outcome.HELD);
    }

    @Test
    void anOutcomeStillUnknownAtTheEndOfTheBudgetIsUnknownEvenIfTheLastTryWasOnlyRefused() {
        CasSettlement brief = new CasSettlement(new CasSettlement.Budget(Duration.ofMillis(30), Duration.ofMillis(10)));
        AtomicInteger tries = new AtomicInteger();
        UnknownOutcomeException first = timedOut();
        assertThatThrownBy(() -> brief.apply(
                        () -> {
                            if (tries.incrementAndGet() == 1) {
                                throw first;
                            }
                            throw unavailable();
                        },
                        rowHolds(true)))
                .isSameAs(first);
        assertThat(tries.get()).isBetween(2, 4); // pauses of 10, 20 ms within 30 ms
    }

    @Test
    void triesThatWereAllRefusedEndAsARefusalNotAnUnknownOutcome() {
        CasSettlement brief = new CasSettlement(new CasSettlement.Budget(Duration.ofMillis(30), Duration.ofMillis(10)));
        assertThatThrownBy(() -> brief.apply(
                        () -> {
                            throw unavailable();
                        },
                        rowHolds(true)))
                .isExactlyInstanceOf(TemporaryStoreException.class);
    }

    @Test
    void otherFailuresAreNotTriedAgain() {
        AtomicInteger tries = new AtomicInteger();
        assertThatThrownBy(() -> QUICK.apply(
                        () -> {
                            tries.incrementAndGet();
                            throw new PermanentStoreException("bug", null);
                        },
                        rowHolds(true)))
                .isInstanceOf(PermanentStoreException.class);
        assertThat(tries).hasValue(1);
    }
}
