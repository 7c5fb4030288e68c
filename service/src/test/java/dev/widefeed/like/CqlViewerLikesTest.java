package dev.widefeed.like;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlViewerLikesTest extends ViewerLikesContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
