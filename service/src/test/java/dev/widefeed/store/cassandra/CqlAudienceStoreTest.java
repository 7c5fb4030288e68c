package dev.widefeed.store.cassandra;

import dev.widefeed.store.AudienceStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlAudienceStoreTest extends AudienceStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
