package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseTopicApiTest extends TopicApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
