package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseSessionApiTest extends SessionApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
