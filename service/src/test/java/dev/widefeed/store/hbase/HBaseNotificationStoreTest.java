package dev.widefeed.store.hbase;

import dev.widefeed.store.NotificationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseNotificationStoreTest extends NotificationStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
