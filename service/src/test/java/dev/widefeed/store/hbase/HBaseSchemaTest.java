package dev.widefeed.store.hbase;

import dev.widefeed.store.SchemaFiles.SchemaFile;
import dev.widefeed.testing.TestStores;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The schema applier against the real local HBase, in a namespace of its own. */
class HBaseSchemaTest {
    private static final String NAMESPACE = TestNamespaces.unique("schema_test");
    private static Connection connection;

    @BeforeAll
    static void connect() {
        connection = TestNamespaces.factory(TestStores.hbase(), NAMESPACE).connect(null);
    }

    @AfterAll
    static void close() throws Exception {
        TestNamespaces.drop(connection, NAMESPACE);
        connection.close();
    }

    @Test
    void appliesIdempotentlyRecordsTheVersionAndRepairsDrift() throws Exception {
        int latest = HBaseTables.load().latestVersion();
        assertThat(HBaseSchema.appliedVersion(connection, NAMESPACE)).isZero();
        assertThat(HBaseSchema.apply(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.apply(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.appliedVersion(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.differences(connection, NAMESPACE)).isEmpty();

        TableName users = TableName.valueOf(NAMESPACE, "users");
        try (Admin admin = connection.getAdmin()) {
            assertThat(admin.getRegions(users)).hasSize(HBaseTables.load().table("users").saltBuckets());
            admin.modifyColumnFamily(users, ColumnFamilyDescriptorBuilder.newBuilder(
                    admin.getDescriptor(users).getColumnFamily(Bytes.toBytes("p"))).setMaxVersions(3).build());
            admin.deleteColumnFamily(users, Bytes.toBytes("c"));
        }
        assertThat(HBaseSchema.differences(connection, NAMESPACE)).containsExactlyInAnyOrder(
                users + " family p: maxVersions is 3, declared 1",
                users + " has no family c");

        assertThat(HBaseSchema.apply(connection, NAMESPACE)).isEqualTo(latest);
        assertThat(HBaseSchema.differences(connection, NAMESPACE)).isEmpty();
    }

    @Test
    void aLaterFileReplacesATablesDefinition() {
        HBaseTables tables = HBaseTables.of(List.of(
                new SchemaFile(1, "V001__a.yml", """
                        version: 1
                        tables:
                          - name: t
                            rowKey: "k"
                            description: "first"
                            families: [{ name: f, maxVersions: 1, compression: NONE, bloomFilter: ROW }]
                            saltBuckets: 4
                        """),
                new SchemaFile(2, "V002__b.yml", """
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
                """)))).hasMessageContaining("ttl");
        assertThatThrownBy(() -> HBaseTables.of(List.of(new SchemaFile(2, "V002__a.yml", """
                version: 1
                tables:
                  - { name: t, rowKey: k, description: d, saltBuckets: 4,
                      families: [{ name: f, maxVersions: 1, compression: NONE, bloomFilter: ROW }] }
                """)))).hasMessageContaining("named for version 2");
    }
}
