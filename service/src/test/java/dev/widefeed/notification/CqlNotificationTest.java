package dev.widefeed.notification;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlNotificationTest extends NotificationContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
