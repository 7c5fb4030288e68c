package dev.widefeed.store.hbase;

import dev.widefeed.store.AudienceStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseAudienceStoreTest extends AudienceStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
