package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseExportApiTest extends ExportApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
