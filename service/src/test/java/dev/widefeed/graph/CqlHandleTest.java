package dev.widefeed.graph;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlHandleTest extends HandleContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
