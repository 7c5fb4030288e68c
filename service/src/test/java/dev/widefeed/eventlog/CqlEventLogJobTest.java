package dev.widefeed.eventlog;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlEventLogJobTest extends EventLogJobContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
