package dev.widefeed.store.hbase;

import dev.widefeed.store.AccountStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseAccountStoreTest extends AccountStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
