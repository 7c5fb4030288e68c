package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBasePullTest extends PullContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
