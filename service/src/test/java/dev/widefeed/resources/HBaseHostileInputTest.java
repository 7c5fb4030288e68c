package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseHostileInputTest extends HostileInputContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
