package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlPullTest extends PullContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
