package dev.widefeed.store.hbase;

import dev.widefeed.store.LikeStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

/** Every like is its own row in all three tables, so no row grows with popularity: nothing to bound here. */
class HBaseLikeStoreTest extends LikeStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
