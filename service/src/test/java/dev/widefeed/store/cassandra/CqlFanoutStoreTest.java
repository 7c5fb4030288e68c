package dev.widefeed.store.cassandra;

import dev.widefeed.store.FanoutStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlFanoutStoreTest extends FanoutStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
