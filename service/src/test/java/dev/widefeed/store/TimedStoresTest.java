package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.kernel.PermanentStoreException;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import org.junit.jupiter.api.Test;

/** A wrapped store times its operations and counts its failures by kind, a backend's exception translated first. */
class TimedStoresTest {
    public interface ThingStore {
        String read(String what);
    }

    private final MetricRegistry metrics = new MetricRegistry();
    private final ThingStore store = TimedStores.wrap(
            ThingStore.class,
            what -> switch (what) {
                case "timeout" -> throw new UnknownOutcomeException("timed out", null);
                case "down" -> throw new TemporaryStoreException("unavailable", null);
                case "driver" -> throw new IllegalStateException("a driver's own exception");
                default -> what;
            },
            "test",
            metrics,
            e -> new PermanentStoreException(e.getMessage(), e));

    @Test
    void failuresAreCountedByKindAndEveryCallTimed() {
        assertThat(store.read("fine")).isEqualTo("fine");
        assertThatThrownBy(() -> store.read("timeout")).isInstanceOf(UnknownOutcomeException.class);
        assertThatThrownBy(() -> store.read("timeout")).isInstanceOf(UnknownOutcomeException.class);
        assertThatThrownBy(() -> store.read("down")).isInstanceOf(TemporaryStoreException.class);
        assertThatThrownBy(() -> store.read("driver")).isInstanceOf(PermanentStoreException.class);

        assertThat(metrics.timer("store.test.thingStore.read").getCount()).isEqualTo(5);
        assertThat(metrics.meter("store.test.thingStore.errors.unknown-outcome").getCount())
                .isEqualTo(2);
        assertThat(metrics.meter("store.test.thingStore.errors.temporary").getCount())
                .isEqualTo(1);
        assertThat(metrics.meter("store.test.thingStore.errors.permanent").getCount())
                .isEqualTo(1);
    }
}
