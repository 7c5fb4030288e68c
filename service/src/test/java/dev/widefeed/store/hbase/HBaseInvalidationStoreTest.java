package dev.widefeed.store.hbase;

import dev.widefeed.store.InvalidationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseInvalidationStoreTest extends InvalidationStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
