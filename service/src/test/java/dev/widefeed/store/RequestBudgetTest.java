package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.kernel.PermanentStoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A store call on behalf of a request that spent its budget never reaches the adapter; other calls do. */
class RequestBudgetTest {
    /** Stands for any store interface: what is checked is the wrapping, not a store. */
    interface Counter {
        int next();
    }

    private final AtomicInteger calls = new AtomicInteger();
    private final MetricRegistry metrics = new MetricRegistry();
    private final Counter store = TimedStores.wrap(
            Counter.class, calls::incrementAndGet, "test", metrics, e -> new PermanentStoreException("test", e));

    @AfterEach
    void noBudgetLeftOnTheThread() {
        RequestBudget.end();
    }

    @Test
    void withinTheBudgetAndOutsideAnyRequestCallsGoThrough() {
        assertThat(store.next()).isEqualTo(1);
        RequestBudget.begin(Duration.ofMinutes(1));
        assertThat(store.next()).isEqualTo(2);
    }

    @Test
    void pastTheBudgetACallIsATemporaryErrorAndNeverReachesTheStore() throws InterruptedException {
        RequestBudget.begin(Duration.ofMillis(20));
        assertThat(store.next()).isEqualTo(1);
        Thread.sleep(40);
        assertThatThrownBy(store::next)
                .isInstanceOf(TemporaryStoreException.class)
                .hasMessageContaining("budget");
        assertThat(calls).hasValue(1);
        assertThat(metrics.meter("store.test.counter.errors.temporary").getCount())
                .isEqualTo(1);

        RequestBudget.end();
        assertThat(store.next()).as("the next request's thread starts afresh").isEqualTo(2);
    }
}
