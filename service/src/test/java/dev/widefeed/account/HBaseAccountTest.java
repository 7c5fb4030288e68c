package dev.widefeed.account;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseAccountTest extends AccountContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
