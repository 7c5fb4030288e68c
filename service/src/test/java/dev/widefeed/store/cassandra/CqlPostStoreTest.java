package dev.widefeed.store.cassandra;

import dev.widefeed.store.PostStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlPostStoreTest extends PostStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
