package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseApiTest extends ApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
