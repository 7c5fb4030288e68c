package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseFeedTest extends FeedContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
