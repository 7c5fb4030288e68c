package dev.widefeed.purge;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlPostPurgeTest extends PostPurgeContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
