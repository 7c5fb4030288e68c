package dev.widefeed.health;

import com.codahale.metrics.health.HealthCheck;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.store.Storage;

/** Healthy while the store answers a trivial read. */
public final class StoreHealthCheck extends HealthCheck {
    private final Storage storage;

    public StoreHealthCheck(Storage storage) {
        this.storage = storage;
    }

    @Override
    protected Result check() {
        try {
            storage.ping();
            return Result.healthy(storage.backend() + " answers");
        } catch (StoreException e) {
            return Result.unhealthy(storage.backend() + ": " + e.getMessage());
        }
    }
}
