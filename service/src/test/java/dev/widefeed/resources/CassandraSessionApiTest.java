package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraSessionApiTest extends SessionApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
