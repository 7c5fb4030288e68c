package dev.widefeed.store.cassandra;

import dev.widefeed.store.AccountStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlAccountStoreTest extends AccountStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
