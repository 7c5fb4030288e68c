package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraTopicApiTest extends TopicApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
