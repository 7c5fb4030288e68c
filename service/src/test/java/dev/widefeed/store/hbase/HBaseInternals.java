package dev.widefeed.store.hbase;

import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.testing.BackendInternals;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/** HBase's tables by row key, in the test namespace, each call on a connection of its own. */
public final class HBaseInternals implements BackendInternals {
    private static final byte[] FAMILY = Bytes.toBytes("l");

    @Override
    public String smallTable() {
        return "users";
    }

    @Override
    public void plantLikes(long firstPost, int posts, int likers) throws Exception {
        Salt salt = Salt.of(HBaseTables.load().table("likes_by_post"));
        long at = Instant.now().toEpochMilli();
        try (Connection connection = TestStorages.hbaseFactory().connect(TestStores.hbase());
                BufferedMutator mutator =
                        connection.getBufferedMutator(TableName.valueOf(TestStorages.NAMESPACE, "likes_by_post"))) {
            for (long post = firstPost; post < firstPost + posts; post++) {
                for (long user = 1; user <= likers; user++) {
                    byte[] row = ByteBuffer.allocate(1 + 2 * Long.BYTES)
                            .put(salt.of(post))
                            .putLong(post)
                            .putLong(user)
                            .array();
                    mutator.mutate(new Put(row, 1L)
                            .addColumn(FAMILY, Bytes.toBytes("liked"), Bytes.toBytes(true))
                            .addColumn(FAMILY, Bytes.toBytes("liked_at"), Bytes.toBytes(at))
                            .addColumn(FAMILY, Bytes.toBytes("version"), Bytes.toBytes(1L)));
                }
            }
        }
    }

    @Override
    public long countRows(String table) throws Exception {
        try (Connection connection = TestStorages.hbaseFactory().connect(TestStores.hbase());
                Table t = connection.getTable(TableName.valueOf(TestStorages.NAMESPACE, table));
                ResultScanner rows = t.getScanner(
                        new Scan().setFilter(new FirstKeyOnlyFilter()).setCaching(10_000))) {
            long count = 0;
            for (Result ignored : rows) {
                count++;
            }
            return count;
        }
    }

    /** Every follower is a row of its own in followers_by_user (see its rowKey), so no row holds more than one. */
    @Override
    public long largestFollowerPartition(long userId) {
        return HBaseInspection.largestFollowerRow(TestStorages.hbaseFactory(), userId);
    }

    @Override
    public SecondProcess secondProcess() {
        AsyncConnection connection = TestStorages.hbaseFactory().connectAsync(TestStores.hbase());
        return new SecondProcess() {
            @Override
            public CommentStore comments() {
                return new HBaseCommentStore(connection, TestStorages.NAMESPACE, HBaseTables.load());
            }

            @Override
            public void close() {
                try {
                    connection.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    @Override
    public ScratchTables scratchTables(String name, List<String> tables) throws IOException {
        return new HBaseScratchTables(name, tables);
    }
}
