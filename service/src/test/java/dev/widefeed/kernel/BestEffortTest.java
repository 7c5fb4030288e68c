package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BestEffortTest {
    private static Runnable failing(RuntimeException e, AtomicInteger runs) {
        return () -> {
            runs.incrementAndGet();
            throw e;
        };
    }

    @Test
    void aWriteThatSucceedsRunsOnce() {
        AtomicInteger runs = new AtomicInteger();
        BestEffort.run(runs::incrementAndGet, "nothing");
        assertThat(runs).hasValue(1);
    }

    @Test
    void everyKindOfStoreFailureIsSwallowed() {
        List<StoreException> failures = List.of(
                new TemporaryStoreException("down", null),
                new UnknownOutcomeException("timed out", null),
                new PermanentStoreException("bad statement", null));
        for (StoreException failure : failures) {
            AtomicInteger runs = new AtomicInteger();
            assertThatCode(() -> BestEffort.run(failing(failure, runs), "copies off"))
                    .as(failure.toString())
                    .doesNotThrowAnyException();
            assertThat(runs).hasValue(1);
        }
    }

    @Test
    void aFailureThatIsNotTheStoresIsABugAndPropagates() {
        IllegalStateException bug = new IllegalStateException("bug");
        assertThatThrownBy(() -> BestEffort.run(failing(bug, new AtomicInteger()), "copies off"))
                .isSameAs(bug);
        DomainException refused = DomainException.invalid("no");
        assertThatThrownBy(() -> BestEffort.count(failing(refused, new AtomicInteger()), "likes"))
                .isSameAs(refused);
    }

    @Test
    void aCounterUpdateThatTimedOutIsNeverRetried() {
        // It may have applied: a retry could count twice.
        AtomicInteger runs = new AtomicInteger();
        assertThatCode(() -> BestEffort.count(
                        failing(new UnknownOutcomeException("timed out", null), runs), "likes of post 5"))
                .doesNotThrowAnyException();
        assertThat(runs).hasValue(1);
    }
}
