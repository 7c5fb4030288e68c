package dev.widefeed.purge;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBasePostPurgeTest extends PostPurgeContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
