package dev.widefeed.store.hbase;

import dev.widefeed.export.ExportContract;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

import java.nio.ByteBuffer;
import java.time.Instant;

class HBaseExportTest extends ExportContract {
    private static final byte[] FAMILY = Bytes.toBytes("l");

    @Override
    protected Storage storage() {
        return TestStorages.hbase();
    }

    @Override
    protected String smallTable() {
        return "users";
    }

    @Override
    protected String storageYaml() {
        return "storage:\n  backend: hbase\n  hbase:\n    embedded:\n      enabled: false\n"
                + "    namespace: " + TestStorages.NAMESPACE + "\n"
                + "    zookeeperQuorum: " + TestStores.hbase().zookeeperQuorum() + ":"
                + TestStores.hbase().zookeeperPort() + "\n";
    }

    @Override
    protected void plantLikes(long firstPost, int posts, int likers) throws Exception {
        Salt salt = Salt.of(HBaseTables.load().table("likes_by_post"));
        long at = Instant.now().toEpochMilli();
        try (Connection connection = TestStorages.hbaseFactory().connect(TestStores.hbase());
             BufferedMutator mutator = connection.getBufferedMutator(
                     TableName.valueOf(TestStorages.NAMESPACE, "likes_by_post"))) {
            for (long post = firstPost; post < firstPost + posts; post++) {
                for (long user = 1; user <= likers; user++) {
                    byte[] row = ByteBuffer.allocate(1 + 2 * Long.BYTES).put(salt.of(post)).putLong(post).putLong(user)
                            .array();
                    mutator.mutate(new Put(row, 1L).addColumn(FAMILY, Bytes.toBytes("liked"), Bytes.toBytes(true))
                            .addColumn(FAMILY, Bytes.toBytes("liked_at"), Bytes.toBytes(at))
                            .addColumn(FAMILY, Bytes.toBytes("version"), Bytes.toBytes(1L)));
                }
            }
        }
    }

    @Override
    protected long countRows(String table) throws Exception {
        try (Connection connection = TestStorages.hbaseFactory().connect(TestStores.hbase());
             Table t = connection.getTable(TableName.valueOf(TestStorages.NAMESPACE, table));
             ResultScanner rows = t.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()).setCaching(10_000))) {
            long count = 0;
            for (Result ignored : rows) {
                count++;
            }
            return count;
        }
    }
}
