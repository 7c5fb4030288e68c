package dev.widefeed.store.hbase;

import dev.widefeed.comment.CommentStore;
import dev.widefeed.store.CommentStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.junit.jupiter.api.AfterAll;

import java.io.IOException;

class HBaseCommentStoreTest extends CommentStoreContract {
    private AsyncConnection otherConnection;

    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    @Override
    protected synchronized CommentStore otherProcess() {
        if (otherConnection == null) {
            otherConnection = TestStorages.hbaseFactory().connectAsync(TestStores.hbase());
        }
        return new HBaseCommentStore(otherConnection, TestStorages.NAMESPACE, HBaseTables.load());
    }

    @AfterAll
    void closeConnection() throws IOException {
        if (otherConnection != null) {
            otherConnection.close();
        }
    }
}
