package dev.widefeed.store.hbase;

import dev.widefeed.store.EventLogStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseEventLogStoreTest extends EventLogStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
