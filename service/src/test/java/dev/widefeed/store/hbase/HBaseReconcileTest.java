package dev.widefeed.store.hbase;

import dev.widefeed.store.ReconcileContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseReconcileTest extends ReconcileContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
