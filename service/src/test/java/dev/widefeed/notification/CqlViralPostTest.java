package dev.widefeed.notification;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlViralPostTest extends ViralPostContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }

    @Override
    protected String backend() {
        return "cassandra";
    }
}
