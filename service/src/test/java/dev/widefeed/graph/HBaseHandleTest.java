package dev.widefeed.graph;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseHandleTest extends HandleContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
