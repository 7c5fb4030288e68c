package dev.widefeed.store.cassandra;

import dev.widefeed.store.EventLogStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlEventLogStoreTest extends EventLogStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
