package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseNotificationApiTest extends NotificationApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
