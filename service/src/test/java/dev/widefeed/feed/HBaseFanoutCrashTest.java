package dev.widefeed.feed;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseFanoutCrashTest extends FanoutCrashContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    @Override
    protected String backend() {
        return "hbase";
    }
}
