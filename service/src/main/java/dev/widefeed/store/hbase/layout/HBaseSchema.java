package dev.widefeed.store.hbase.layout;

import dev.widefeed.store.hbase.layout.HBaseTables.TablesFile;
import dev.widefeed.store.hbase.layout.TableDefinition.Family;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code hbase-tables/V*.yml} to a namespace, declaratively: creates the namespace and every
 * missing table (pre-split at its salt bytes), brings the families of existing tables to the
 * declared settings (adds missing ones, modifies changed ones; never drops a family or its data),
 * and records each file version in {@code schema_migrations}. Every run converges on the
 * declarations, so running it again after a crash, or after someone changed a table by hand, is the fix.
 */
public final class HBaseSchema {
    public static final String MIGRATIONS_TABLE = "schema_migrations";
    private static final Logger LOG = LoggerFactory.getLogger(HBaseSchema.class);
    /** How long a start waits for the tables' regions to open. */
    private static final Duration ONLINE_WAIT = Duration.ofMinutes(2);

    private static final byte[] MIGRATIONS_FAMILY = Bytes.toBytes("m");
    private static final byte[] NAME = Bytes.toBytes("name");
    private static final byte[] APPLIED_AT = Bytes.toBytes("applied_at");

    private HBaseSchema() {}

    /** @return the schema version now applied */
    public static int apply(Connection connection, String namespace) {
        HBaseTables declared = HBaseTables.load();
        try (Admin admin = connection.getAdmin()) {
            ensureNamespace(admin, namespace);
            ensureMigrationsTable(admin, namespace);
            for (TableDefinition table : declared.tables().values()) {
                ensureTable(admin, namespace, table);
            }
            awaitOnline(connection, namespace, declared);
            int applied = appliedVersion(connection, namespace);
            try (Table migrations = connection.getTable(migrationsTable(namespace))) {
                for (TablesFile file : declared.files()) {
                    if (file.version() > applied) {
                        migrations.put(new Put(Bytes.toBytes(file.version()))
                                .addColumn(MIGRATIONS_FAMILY, NAME, Bytes.toBytes(file.name()))
                                .addColumn(MIGRATIONS_FAMILY, APPLIED_AT, Bytes.toBytes(System.currentTimeMillis())));
                        LOG.info("applied {} to namespace {}", file.name(), namespace);
                        applied = file.version();
                    }
                }
            }
            return applied;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot apply the HBase schema to namespace " + namespace, e);
        }
    }

    /** The highest file version recorded as applied; 0 if none is. */
    public static int appliedVersion(Connection connection, String namespace) {
        try (Admin admin = connection.getAdmin()) {
            if (!admin.tableExists(migrationsTable(namespace))) {
                return 0;
            }
            int max = 0;
            try (Table migrations = connection.getTable(migrationsTable(namespace));
                    ResultScanner rows = migrations.getScanner(new Scan().addFamily(MIGRATIONS_FAMILY))) {
                for (Result row : rows) {
                    max = Math.max(max, Bytes.toInt(row.getRow()));
                }
            }
            return max;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * How the live tables differ from the declarations, one human-readable line per mismatch:
     * missing tables or families, family settings, fewer regions than salt buckets. Families the
     * declarations do not name are not reported: the applier never drops data.
     */
    public static List<String> differences(Connection connection, String namespace) {
        List<String> differences = new ArrayList<>();
        try (Admin admin = connection.getAdmin()) {
            for (TableDefinition table : HBaseTables.load().tables().values()) {
                TableName name = TableName.valueOf(namespace, table.name());
                if (!admin.tableExists(name)) {
                    differences.add(name + " is missing");
                    continue;
                }
                TableDescriptor live = admin.getDescriptor(name);
                for (Family family : table.families()) {
                    ColumnFamilyDescriptor liveFamily = live.getColumnFamily(Bytes.toBytes(family.name()));
                    if (liveFamily == null) {
                        differences.add(name + " has no family " + family.name());
                    } else {
                        familyDifferences(family, liveFamily)
                                .forEach(d -> differences.add(name + " family " + family.name() + ": " + d));
                    }
                }
                int regions = admin.getRegions(name).size();
                if (regions < table.saltBuckets()) {
                    differences.add(name + " has " + regions + " regions, fewer than its " + table.saltBuckets()
                            + " salt buckets");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return differences;
    }

    public static TableName migrationsTable(String namespace) {
        return TableName.valueOf(namespace, MIGRATIONS_TABLE);
    }

    private static void ensureNamespace(Admin admin, String namespace) throws IOException {
        try {
            admin.getNamespaceDescriptor(namespace);
        } catch (NamespaceNotFoundException e) {
            admin.createNamespace(NamespaceDescriptor.create(namespace).build());
            LOG.info("created namespace {}", namespace);
        }
    }

    private static void ensureMigrationsTable(Admin admin, String namespace) throws IOException {
        TableName name = migrationsTable(namespace);
        if (!admin.tableExists(name)) {
            create(
                    admin,
                    TableDescriptorBuilder.newBuilder(name)
                            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(MIGRATIONS_FAMILY))
                            .build(),
                    null);
        }
    }

    private static void ensureTable(Admin admin, String namespace, TableDefinition table) throws IOException {
        TableName name = TableName.valueOf(namespace, table.name());
        if (!admin.tableExists(name)) {
            TableDescriptorBuilder descriptor = TableDescriptorBuilder.newBuilder(name);
            table.families()
                    .forEach(f -> descriptor.setColumnFamily(
                            configure(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(f.name())), f)
                                    .build()));
            if (create(admin, descriptor.build(), splitKeys(table.saltBuckets()))) {
                return;
            }
        }
        TableDescriptor live = admin.getDescriptor(name);
        for (Family family : table.families()) {
            ColumnFamilyDescriptor liveFamily = live.getColumnFamily(Bytes.toBytes(family.name()));
            if (liveFamily == null) {
                admin.addColumnFamily(
                        name,
                        configure(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(family.name())), family)
                                .build());
                LOG.info("added family {} to {}", family.name(), name);
            } else if (!familyDifferences(family, liveFamily).isEmpty()) {
                LOG.info("changing family {} of {}: {}", family.name(), name, familyDifferences(family, liveFamily));
                admin.modifyColumnFamily(
                        name,
                        configure(ColumnFamilyDescriptorBuilder.newBuilder(liveFamily), family)
                                .build());
            }
        }
        int regions = admin.getRegions(name).size();
        if (regions < table.saltBuckets()) {
            // Splitting a live table is an operator's decision (it moves data); report, don't act.
            LOG.warn("{} has {} regions, fewer than its {} salt buckets", name, regions, table.saltBuckets());
        }
    }

    /**
     * Waits until every region of every declared table serves a read. After a restart over existing data the
     * master reopens regions one by one, and a request to one not yet open fails as not serving; a service that
     * starts serving first would answer its first requests with 503s. Gives up (with a warning, not an error:
     * the store errors then say what is wrong) after {@link #ONLINE_WAIT}.
     */
    private static void awaitOnline(Connection connection, String namespace, HBaseTables declared) throws IOException {
        long deadline = System.nanoTime() + ONLINE_WAIT.toNanos();
        for (String table : declared.tables().keySet()) {
            TableName name = TableName.valueOf(namespace, table);
            try (RegionLocator locator = connection.getRegionLocator(name);
                    Table live = connection.getTable(name)) {
                for (HRegionLocation region : locator.getAllRegionLocations()) {
                    byte[] start = region.getRegion().getStartKey();
                    while (!serves(live, start.length == 0 ? new byte[] {0} : start)) {
                        if (System.nanoTime() > deadline) {
                            LOG.warn(
                                    "{} is not serving after {}; going on",
                                    region.getRegion().getRegionNameAsString(),
                                    ONLINE_WAIT);
                            return;
                        }
                        pause();
                    }
                }
            }
        }
    }

    private static boolean serves(Table table, byte[] row) {
        try {
            table.exists(new Get(row));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void pause() throws InterruptedIOException {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for regions to open");
        }
    }

    /** @return false if another applier created the table first */
    private static boolean create(Admin admin, TableDescriptor descriptor, byte[][] splitKeys) throws IOException {
        try {
            if (splitKeys == null || splitKeys.length == 0) {
                admin.createTable(descriptor);
            } else {
                admin.createTable(descriptor, splitKeys);
            }
            LOG.info("created table {}", descriptor.getTableName());
            return true;
        } catch (TableExistsException e) {
            return false;
        }
    }

    /** One region per salt byte: split at 1, 2, .., buckets - 1. */
    static byte[][] splitKeys(int saltBuckets) {
        byte[][] keys = new byte[saltBuckets - 1][];
        for (int i = 1; i < saltBuckets; i++) {
            keys[i - 1] = new byte[] {(byte) i};
        }
        return keys;
    }

    private static ColumnFamilyDescriptorBuilder configure(ColumnFamilyDescriptorBuilder builder, Family family) {
        return builder.setMaxVersions(family.maxVersions())
                .setCompressionType(family.compression())
                .setBloomFilterType(family.bloomFilter())
                .setTimeToLive(ttl(family));
    }

    private static List<String> familyDifferences(Family declared, ColumnFamilyDescriptor live) {
        List<String> differences = new ArrayList<>();
        compare(differences, "maxVersions", live.getMaxVersions(), declared.maxVersions());
        compare(differences, "compression", live.getCompressionType(), declared.compression());
        compare(differences, "bloomFilter", live.getBloomFilterType(), declared.bloomFilter());
        compare(differences, "ttlSeconds", live.getTimeToLive(), ttl(declared));
        return differences;
    }

    private static void compare(List<String> differences, String setting, Object live, Object declared) {
        if (!Objects.equals(live, declared)) {
            differences.add(setting + " is " + live + ", declared " + declared);
        }
    }

    private static int ttl(Family family) {
        return family.ttlSeconds() == null ? HConstants.FOREVER : family.ttlSeconds();
    }
}
