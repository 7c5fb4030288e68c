package dev.widefeed.store.hbase;

import dev.widefeed.store.PostStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBasePostStoreTest extends PostStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
