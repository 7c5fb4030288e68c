package dev.widefeed.cache;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlCacheTierTest extends CacheTierContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
