package dev.widefeed.notification;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseNotificationTest extends NotificationContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
