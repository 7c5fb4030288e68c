package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraTimelineApiTest extends TimelineApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
