package dev.widefeed.store.hbase;

import dev.widefeed.store.Storage;
import dev.widefeed.store.TextIndexStoreContract;
import dev.widefeed.testing.TestStorages;

class HBaseTextIndexStoreTest extends TextIndexStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
