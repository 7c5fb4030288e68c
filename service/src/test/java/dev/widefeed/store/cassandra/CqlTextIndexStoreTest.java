package dev.widefeed.store.cassandra;

import dev.widefeed.store.Storage;
import dev.widefeed.store.TextIndexStoreContract;
import dev.widefeed.testing.TestStorages;

class CqlTextIndexStoreTest extends TextIndexStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
