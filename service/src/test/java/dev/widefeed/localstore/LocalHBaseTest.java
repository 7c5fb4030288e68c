package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(Tiers.STORE)
@Tag(Tiers.SLOW)
class LocalHBaseTest {

    private static final byte[] FAMILY = Bytes.toBytes("f");
    private static final byte[] ROW = Bytes.toBytes("row-1");

    @Test
    void servesAnLz4CompressedTableFromARealHBase() throws IOException {
        LocalHBase hbase = TestStores.hbase();
        assertThat(hbase.version()).isEqualTo("2.6.4-hadoop3");
        TableName name = TableName.valueOf("localstore_test_" + System.nanoTime());

        try (Connection connection = ConnectionFactory.createConnection(hbase.clientConfiguration());
                Admin admin = connection.getAdmin()) {
            admin.createTable(TableDescriptorBuilder.newBuilder(name)
                    .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(FAMILY)
                            .setCompressionType(Compression.Algorithm.LZ4)
                            .build())
                    .build());
            try (Table table = connection.getTable(name)) {
                table.put(new Put(ROW).addColumn(FAMILY, Bytes.toBytes("text"), Bytes.toBytes("hello")));
                // Flushing writes an HFile, which is where the LZ4 codec actually runs.
                admin.flush(name);

                assertThat(Bytes.toString(table.get(new Get(ROW)).getValue(FAMILY, Bytes.toBytes("text"))))
                        .isEqualTo("hello");
                assertThat(table.incrementColumnValue(ROW, FAMILY, Bytes.toBytes("count"), 5))
                        .isEqualTo(5);
                assertThat(table.incrementColumnValue(ROW, FAMILY, Bytes.toBytes("count"), 2))
                        .isEqualTo(7);
            }
            assertThat(admin.getDescriptor(name).getColumnFamily(FAMILY).getCompressionType())
                    .isEqualTo(Compression.Algorithm.LZ4);

            admin.disableTable(name);
            admin.deleteTable(name);
            assertThat(admin.tableExists(name)).isFalse();
        }
    }

    @Test
    void reusesTheHBaseAlreadyRunningAndLeavesItRunning() {
        LocalHBase running = TestStores.hbase();

        try (LocalHBase reused = LocalHBase.start(running.settings())) {
            assertThat(reused.startedHere()).isFalse();
            assertThat(reused.zookeeperQuorum()).isEqualTo(running.zookeeperQuorum());
        }

        assertThat(Ports.isListening(running.zookeeperQuorum(), running.zookeeperPort()))
                .isTrue();
    }
}
