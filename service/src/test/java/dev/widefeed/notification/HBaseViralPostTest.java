package dev.widefeed.notification;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseViralPostTest extends ViralPostContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    @Override
    protected String backend() {
        return "hbase";
    }
}
