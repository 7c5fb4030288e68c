package dev.widefeed.eventlog;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseEventLogJobTest extends EventLogJobContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
