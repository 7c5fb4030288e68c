package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlFanoutCrashTest extends FanoutCrashContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }

    @Override
    protected String backend() {
        return "cassandra";
    }
}
