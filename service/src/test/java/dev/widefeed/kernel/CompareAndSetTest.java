package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class CompareAndSetTest {
    /** Loses {@code losses} races, then settles with "done". */
    private static Supplier<Optional<String>> losing(int losses, AtomicInteger attempts) {
        return () -> attempts.incrementAndGet() <= losses ? Optional.empty() : Optional.of("done");
    }

    @Test
    void theFirstSettledAttemptIsTheResult() {
        AtomicInteger attempts = new AtomicInteger();
        assertThat(CompareAndSet.retry(losing(0, attempts), () -> "x")).isEqualTo("done");
        assertThat(attempts).hasValue(1);
    }

    @Test
    void aLostRaceIsReadAgain() {
        AtomicInteger attempts = new AtomicInteger();
        assertThat(CompareAndSet.retry(losing(2, attempts), () -> "x")).isEqualTo("done");
        assertThat(attempts).hasValue(3);
    }

    @Test
    void theLastAllowedAttemptMaySettle() {
        AtomicInteger attempts = new AtomicInteger();
        assertThat(CompareAndSet.retry(losing(CompareAndSet.MAX_ATTEMPTS - 1, attempts), () -> "x"))
                .isEqualTo("done");
        assertThat(attempts).hasValue(CompareAndSet.MAX_ATTEMPTS);
    }

    @Test
    void eightLostRacesInARowAreAConflict() {
        AtomicInteger attempts = new AtomicInteger();
        assertThatThrownBy(() -> CompareAndSet.retry(losing(Integer.MAX_VALUE, attempts), () -> "post 5"))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT))
                .hasMessage("post 5 changed too often; try again");
        assertThat(attempts).hasValue(8);
        assertThat(CompareAndSet.MAX_ATTEMPTS).isEqualTo(8);
    }

    @Test
    void theDescriptionIsOnlyBuiltForAConflict() {
        AtomicInteger described = new AtomicInteger();
        CompareAndSet.retry(losing(3, new AtomicInteger()), () -> "x" + described.incrementAndGet());
        assertThat(described).hasValue(0);
    }

    @Test
    void aStoreFailureIsNotRetried() {
        // A compare-and-set that timed out may have applied: only a reported loss is retried.
        AtomicInteger attempts = new AtomicInteger();
        UnknownOutcomeException timeout = new UnknownOutcomeException("timed out", null);
        assertThatThrownBy(() -> CompareAndSet.<String>retry(
                        () -> {
                            attempts.incrementAndGet();
                            throw timeout;
                        },
                        () -> "x"))
                .isSameAs(timeout);
        assertThat(attempts).hasValue(1);
    }
}
