package dev.widefeed.textindex;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlTextIndexTest extends TextIndexContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
