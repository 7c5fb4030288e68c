package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class CassandraExportApiTest extends ExportApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }
}
