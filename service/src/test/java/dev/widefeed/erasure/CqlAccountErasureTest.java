package dev.widefeed.erasure;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlAccountErasureTest extends AccountErasureContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
