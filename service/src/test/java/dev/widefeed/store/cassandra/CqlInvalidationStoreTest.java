package dev.widefeed.store.cassandra;

import dev.widefeed.store.InvalidationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlInvalidationStoreTest extends InvalidationStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
