package dev.widefeed.store.hbase;

import dev.widefeed.store.Storage;
import dev.widefeed.store.TimelineStoreContract;
import dev.widefeed.testing.TestStorages;

class HBaseTimelineStoreTest extends TimelineStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
