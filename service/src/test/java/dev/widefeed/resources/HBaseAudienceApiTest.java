package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseAudienceApiTest extends AudienceApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
