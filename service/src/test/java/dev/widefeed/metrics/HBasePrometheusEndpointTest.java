package dev.widefeed.metrics;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBasePrometheusEndpointTest extends PrometheusEndpointContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }

    @Override
    protected String backend() {
        return "hbase";
    }
}
