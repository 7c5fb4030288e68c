package dev.widefeed.store.hbase;

import dev.widefeed.store.UserStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseUserStoreTest extends UserStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
