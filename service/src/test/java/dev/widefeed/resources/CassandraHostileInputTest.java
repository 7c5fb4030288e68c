package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraHostileInputTest extends HostileInputContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
