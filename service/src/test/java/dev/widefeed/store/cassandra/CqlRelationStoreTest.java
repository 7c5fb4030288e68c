package dev.widefeed.store.cassandra;

import dev.widefeed.store.RelationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlRelationStoreTest extends RelationStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
