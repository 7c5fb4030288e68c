package dev.widefeed.idempotency;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlIdempotencyTest extends IdempotencyContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
