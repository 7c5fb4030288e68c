package dev.widefeed.reconcile;

import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseCounterHealingTest extends CounterHealingContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }
}
