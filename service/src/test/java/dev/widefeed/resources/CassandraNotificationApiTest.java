package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraNotificationApiTest extends NotificationApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
