package dev.widefeed.store;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.kernel.StoreException;
import java.util.function.Function;

/**
 * What every backend's {@link Storage} shares: its adapters, each wrapped by {@link TimedStores}
 * so that both backends time their operations and translate their errors alike.
 */
public abstract class TimedStorage implements Storage {
    private final String backend;
    private final Stores stores;

    protected TimedStorage(
            String backend,
            Stores adapters,
            MetricRegistry metrics,
            Function<RuntimeException, StoreException> translate) {
        this.backend = backend;
        this.stores = adapters.map(new Stores.Decorator() {
            @Override
            public <T> T wrap(Class<T> type, T store) {
                return TimedStores.wrap(type, store, backend, metrics, translate);
            }
        });
    }

    @Override
    public String backend() {
        return backend;
    }

    @Override
    public Stores stores() {
        return stores;
    }
}
