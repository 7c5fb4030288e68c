package dev.widefeed.store.cassandra;

import dev.widefeed.store.Storage;
import dev.widefeed.store.TimelineStoreContract;
import dev.widefeed.testing.TestStorages;

class CqlTimelineStoreTest extends TimelineStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
