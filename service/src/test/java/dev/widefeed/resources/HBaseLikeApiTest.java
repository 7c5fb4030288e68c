package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseLikeApiTest extends LikeApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
