package dev.widefeed.store.cassandra;

import dev.widefeed.store.ReconcileContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class CqlReconcileTest extends ReconcileContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }
}
