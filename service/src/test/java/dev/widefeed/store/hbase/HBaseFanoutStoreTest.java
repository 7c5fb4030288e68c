package dev.widefeed.store.hbase;

import dev.widefeed.store.FanoutStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseFanoutStoreTest extends FanoutStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
