package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.codahale.metrics.MetricRegistry;
import dev.widefeed.store.MillionFollowersContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;

class CqlMillionFollowersTest extends MillionFollowersContract {
    @Override
    protected Storage storage() {
        return TestStorages.cassandra();
    }

    @Override
    protected long largestFollowerPartition(long userId) {
        try (CqlSession session = TestStorages.cassandraFactory().connect(new MetricRegistry(), TestStores.cassandra(), true)) {
            long largest = 0;
            int buckets = session.execute("SELECT bucket FROM list_buckets_by_owner WHERE list = 'followers' AND owner_id = ?", userId)
                    .all().size();
            for (int bucket = 0; bucket <= buckets; bucket++) {
                long rows = session.execute("SELECT COUNT(*) FROM followers_by_user WHERE user_id = ? AND bucket = ?",
                        userId, bucket).one().getLong(0);
                largest = Math.max(largest, rows);
            }
            return largest;
        }
    }
}
