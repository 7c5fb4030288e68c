package dev.widefeed.store.hbase.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The live HBase schema equals hbase-tables/: the namespace the contract suites run on, applied
 * again, shows no difference from the files; drift made by hand is found and repaired. The live
 * namespace is used rather than a fresh one: creating and dropping a namespace's ~150 regions per
 * run is slow on a standalone HBase, and disabling tables there has been seen to stick.
 */
@Tag(Tiers.STORE)
@Isolated("it alters a live table to repair its drift, which closes and reopens the table's regions under any other "
        + "class's writes (docs/TESTING.md, \"Isolation\")")
class HBaseSchemaTest {
    private static final String NAMESPACE = TestStorages.NAMESPACE;
    private static Connection connection;

    @BeforeAll
    static void connect() {
        TestStorages.hbase(); // the live test namespace, with its schema applied
        connection = TestStorages.hbaseFactory().connect(null);
    }

    @AfterAll
    static void close() throws Exception {
        connection.close();
    }

    @Test
    void appliesIdempotentlyRecordsTheVersionAndRepairsDrift() throws Exception {
        int latest = HBaseTables.load().latestVersion();
        assertThat(HBaseSchema.appliedVersion(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.apply(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.apply(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.appliedVersion(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.differences(connection, NAMESPACE)).isEmpty();

        TableName users = TableName.valueOf(NAMESPACE, "users");
        try (Admin admin = connection.getAdmin()) {
            assertThat(admin.getRegions(users))
                    .hasSize(HBaseTables.load().table("users").saltBuckets());
            admin.modifyColumnFamily(
                    users,
                    ColumnFamilyDescriptorBuilder.newBuilder(
                                    admin.getDescriptor(users).getColumnFamily(Bytes.toBytes("p")))
                            .setMaxVersions(3)
                            .build());
        }
        assertThat(HBaseSchema.differences(connection, NAMESPACE))
                .containsExactly(users + " family p: maxVersions is 3, declared 1");

        assertThat(HBaseSchema.apply(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.differences(connection, NAMESPACE)).isEmpty();
    }

    @Test
    void aLaterFileReplacesATablesDefinition() {
        HBaseTables tables =
                HBaseTables.of(List.of(new SchemaFile(1, "V001__a.yml", """
                        version: 1
                        tables:
                          - name: t
                            rowKey: "k"
                            description: "first"
                            families: [{ name: f, maxVersions: 1, compression: NONE, bloomFilter: ROW }]
                            saltBuckets: 4
                        """), new SchemaFile(2, "V002__b.yml", """
                        version: 2
                        tables:
                          - name: t
                            rowKey: "k"
                            description: "second"
                            families: [{ name: f, maxVersions: 2, compression: GZ, bloomFilter: NONE, ttlSeconds: 60 }]
                            saltBuckets: 16
                        """)));
        assertThat(tables.latestVersion()).isEqualTo(2);
        assertThat(tables.table("t").saltBuckets()).isEqualTo(16);
        assertThat(tables.table("t").family("f").ttlSeconds()).isEqualTo(60);
    }

    @Test
    void rejectsUnknownSettingsAndMismatchedVersions() {
        assertThatThrownBy(() -> HBaseTables.of(List.of(new SchemaFile(1, "V001__a.yml", """
                version: 1
                tables:
                  - { name: t, rowKey: k, description: d, saltBuckets: 4,
                      families: [{ name: f, maxVersions: 1, compression: NONE, bloomFilter: ROW, ttl: 5 }] }
                """))))
                .hasMessageContaining("ttl");
        assertThatThrownBy(() -> HBaseTables.of(List.of(new SchemaFile(2, "V002__a.yml", """
                version: 1
                tables:
                  - { name: t, rowKey: k, description: d, saltBuckets: 4,
                      families: [{ name: f, maxVersions: 1, compression: NONE, bloomFilter: ROW }] }
                """))))
                .hasMessageContaining("named for version 2");
    }
}
