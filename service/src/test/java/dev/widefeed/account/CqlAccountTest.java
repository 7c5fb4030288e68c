package dev.widefeed.account;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlAccountTest extends AccountContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
