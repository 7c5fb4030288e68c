package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseVisibilityMatrixTest extends VisibilityMatrixContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
