package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraErasureApiTest extends ErasureApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
