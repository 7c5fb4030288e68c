package dev.widefeed.store.hbase;

import dev.widefeed.store.MillionFollowersContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;

class HBaseMillionFollowersTest extends MillionFollowersContract {
    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    /** Every follower is a row of its own in followers_by_user (see its rowKey), so no row holds more than one. */
    @Override
    protected long largestFollowerPartition(long userId) {
        return HBaseInspection.largestFollowerRow(TestStorages.hbaseFactory(), userId);
    }
}
