package dev.widefeed.store.hbase;

import dev.widefeed.like.LikeProtocol;
import dev.widefeed.store.LikeStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.junit.jupiter.api.AfterAll;

import java.io.IOException;

/** Every like is its own row in all three tables, so no row grows with popularity: nothing to bound here. */
class HBaseLikeStoreTest extends LikeStoreContract {
    private AsyncConnection connection;
    private HBaseLikeStore steps;

    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    @Override
    protected synchronized LikeProtocol.Steps steps() {
        if (steps == null) {
            storage(); // tables exist
            connection = TestStorages.hbaseFactory().connectAsync(TestStores.hbase());
            steps = new HBaseLikeStore(connection, TestStorages.NAMESPACE, HBaseTables.load());
        }
        return steps;
    }

    @AfterAll
    void closeConnection() throws IOException {
        if (connection != null) {
            connection.close();
        }
    }
}
