package dev.widefeed.store.cassandra;

import dev.widefeed.store.Storage;
import dev.widefeed.store.UserStoreContract;
import dev.widefeed.testing.TestStorages;

class CqlUserStoreTest extends UserStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
