package dev.widefeed.cache;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseCacheTierTest extends CacheTierContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
