package dev.widefeed.webclient;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseWebClientTest extends WebClientContract {
    @Override
    protected ApiClient app() {
        return TestApps.hbase();
    }

    @Override
    protected String backend() {
        return "hbase";
    }
}
