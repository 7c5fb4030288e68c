package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlVisibilityMatrixTest extends VisibilityMatrixContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
