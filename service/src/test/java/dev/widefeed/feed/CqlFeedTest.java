package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlFeedTest extends FeedContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
