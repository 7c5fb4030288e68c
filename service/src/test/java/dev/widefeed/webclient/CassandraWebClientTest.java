package dev.widefeed.webclient;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraWebClientTest extends WebClientContract {
    @Override
    protected ApiClient app() {
        return TestApps.cassandra();
    }

    @Override
    protected String backend() {
        return "cassandra";
    }
}
