package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBasePostApiTest extends PostApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
