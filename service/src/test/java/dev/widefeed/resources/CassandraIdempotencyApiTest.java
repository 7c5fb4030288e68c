package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraIdempotencyApiTest extends IdempotencyApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
