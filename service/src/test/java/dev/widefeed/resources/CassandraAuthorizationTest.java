package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraAuthorizationTest extends AuthorizationContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
