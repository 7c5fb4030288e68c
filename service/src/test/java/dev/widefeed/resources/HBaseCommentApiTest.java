package dev.widefeed.resources;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;

class HBaseCommentApiTest extends CommentApiContract {
    @Override
    protected ApiClient api() {
        return TestApps.hbase();
    }
}
