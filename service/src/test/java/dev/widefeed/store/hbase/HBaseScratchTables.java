package dev.widefeed.store.hbase;

import dev.widefeed.backup.StoreBackup;
import dev.widefeed.store.hbase.backup.HBaseBackup;
import dev.widefeed.store.hbase.layout.HBaseSchema;
import dev.widefeed.testing.BackendInternals.ScratchTables;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/** A namespace of a few one-region tables on the test HBase; closing it deletes them (cheap on HBase). */
final class HBaseScratchTables implements ScratchTables {
    private static final byte[] FAMILY = Bytes.toBytes("f");
    private static final byte[] TEXT = Bytes.toBytes("text");

    private final String namespace;
    private final Connection connection;

    HBaseScratchTables(String namespace, List<String> tables) throws IOException {
        this.namespace = namespace;
        this.connection = TestStorages.hbaseFactory().connect(TestStores.hbase());
        try (Admin admin = connection.getAdmin()) {
            admin.createNamespace(NamespaceDescriptor.create(namespace).build());
            admin.createTable(
                    TableDescriptorBuilder.newBuilder(TableName.valueOf(namespace, HBaseSchema.MIGRATIONS_TABLE))
                            .setColumnFamily(ColumnFamilyDescriptorBuilder.of("m"))
                            .build());
            for (String table : tables) {
                admin.createTable(TableDescriptorBuilder.newBuilder(TableName.valueOf(namespace, table))
                        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY))
                        .build());
            }
        }
        try (Table migrations = connection.getTable(TableName.valueOf(namespace, HBaseSchema.MIGRATIONS_TABLE))) {
            migrations.put(new Put(Bytes.toBytes(1))
                    .addColumn(Bytes.toBytes("m"), Bytes.toBytes("name"), Bytes.toBytes("V001")));
        }
    }

    @Override
    public void put(String table, long id, String text) throws IOException {
        try (Table rows = connection.getTable(TableName.valueOf(namespace, table))) {
            rows.put(new Put(Bytes.toBytes(id)).addColumn(FAMILY, TEXT, Bytes.toBytes(text)));
        }
    }

    @Override
    public Map<Long, String> rows(String table) throws IOException {
        Map<Long, String> rows = new TreeMap<>();
        try (Table t = connection.getTable(TableName.valueOf(namespace, table));
                ResultScanner scanner = t.getScanner(FAMILY)) {
            for (Result row : scanner) {
                rows.put(Bytes.toLong(row.getRow()), Bytes.toString(row.getValue(FAMILY, TEXT)));
            }
        }
        return rows;
    }

    @Override
    public StoreBackup backup(Clock clock) {
        return new HBaseBackup(
                TestStorages.hbaseFactory().connect(TestStores.hbase()), namespace, TestStores.hbase(), clock);
    }

    @Override
    public void close() {
        try (Admin admin = connection.getAdmin()) {
            for (TableName table : admin.listTableNamesByNamespace(namespace)) {
                admin.disableTable(table);
                admin.deleteTable(table);
            }
            admin.deleteNamespace(namespace);
            connection.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
