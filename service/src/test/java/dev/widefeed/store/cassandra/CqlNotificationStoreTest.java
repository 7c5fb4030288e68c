package dev.widefeed.store.cassandra;

import dev.widefeed.store.NotificationStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlNotificationStoreTest extends NotificationStoreContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
