package dev.widefeed.store.hbase;

import dev.widefeed.store.RelationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseRelationStoreTest extends RelationStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
