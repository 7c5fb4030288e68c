package dev.widefeed.store.hbase.backup;

import dev.widefeed.backup.BackupDirectory;
import dev.widefeed.backup.BackupException;
import dev.widefeed.backup.BackupManifest;
import dev.widefeed.backup.BackupManifest.TableCopy;
import dev.widefeed.backup.BackupOrder;
import dev.widefeed.backup.RestoreSummary;
import dev.widefeed.backup.StoreBackup;
import dev.widefeed.localstore.LocalHBase;
import dev.widefeed.store.hbase.layout.HBaseSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * A backup of the namespace as HBase snapshots, one per table taken in {@link BackupOrder} (each flushes its table
 * and records its files: quick, and the backup's point for that table), then each copied out of the store with
 * ExportSnapshot and deleted from it; a restore copies them back into the store with ExportSnapshot and replaces each
 * empty table with a clone of its snapshot, then applies the schema again (a backup of an older schema gets today's
 * families and settings).
 * {@code schema_migrations} is the schema's own record and stays out of both.
 */
public final class HBaseBackup implements StoreBackup {
    public static final String BACKEND = "hbase";
    /** Only a guard against a copy that hangs: a large namespace's export takes hours. */
    private static final Duration EXPORT_TIMEOUT = Duration.ofHours(24);

    private final Connection connection;
    private final String namespace;
    private final LocalHBase local;
    private final Clock clock;

    public HBaseBackup(Connection connection, String namespace, LocalHBase local, Clock clock) {
        this.connection = connection;
        this.namespace = namespace;
        this.local = local;
        this.clock = clock;
    }

    /** Snapshot names are the store's: one backup's are told apart from another's by its start. */
    static String snapshotName(Instant backupStart, String table) {
        return "widefeed-backup-" + backupStart.toEpochMilli() + "-" + table;
    }

    @Override
    public BackupManifest backUp(BackupDirectory directory, Consumer<String> progress) {
        directory.requireEmpty();
        Instant started = clock.instant();
        int version = HBaseSchema.appliedVersion(connection, namespace);
        URI target = directory.of(BACKEND).toUri();
        Map<String, Instant> snapshotted = new LinkedHashMap<>();
        try (Admin admin = connection.getAdmin()) {
            try {
                for (String table : BackupOrder.order(tables(admin))) {
                    admin.snapshot(snapshotName(started, table), TableName.valueOf(namespace, table));
                    snapshotted.put(table, clock.instant());
                }
                progress.accept(snapshotted.size() + " tables snapshotted in "
                        + Duration.between(started, clock.instant()).toMillis() + " ms; exporting them");
                local.exportSnapshots(
                        snapshotted.keySet().stream()
                                .map(table -> snapshotName(started, table))
                                .toList(),
                        local.rootDir(),
                        target,
                        EXPORT_TIMEOUT);
                List<TableCopy> copies = new ArrayList<>();
                for (Map.Entry<String, Instant> table : snapshotted.entrySet()) {
                    String snapshot = snapshotName(started, table.getKey());
                    TableCopy copy = measure(directory.of(BACKEND), snapshot, table.getKey(), table.getValue());
                    copies.add(copy);
                    progress.accept(String.format(
                            "%-11s %-32s %4d files %,14d bytes",
                            copy.phase(), copy.table(), copy.files(), copy.bytes()));
                }
                BackupManifest manifest = new BackupManifest(BACKEND, version, started, clock.instant(), copies);
                directory.writeManifest(manifest);
                return manifest;
            } finally {
                for (String table : snapshotted.keySet()) {
                    admin.deleteSnapshot(snapshotName(started, table));
                }
            }
        } catch (IOException e) {
            throw new BackupException("HBase refused the backup: " + e, e);
        }
    }

    /** A table's exported files: its snapshot's manifest and the store files it names. */
    private TableCopy measure(Path exported, String snapshot, String table, Instant copiedAt) {
        int files = 0;
        long bytes = 0;
        for (Path dir : List.of(
                exported.resolve("archive").resolve("data").resolve(namespace).resolve(table),
                exported.resolve(".hbase-snapshot").resolve(snapshot))) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path file : walk.filter(Files::isRegularFile).toList()) {
                    files++;
                    bytes += Files.size(file);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot measure " + dir, e);
            }
        }
        return new TableCopy(table, BackupOrder.phaseOf(table), copiedAt, files, bytes);
    }

    @Override
    public RestoreSummary restore(BackupDirectory directory, Consumer<String> progress) {
        BackupManifest manifest = directory.requireManifest();
        manifest.requireRestorableInto(BACKEND, HBaseSchema.appliedVersion(connection, namespace), namespace);
        try (Admin admin = connection.getAdmin()) {
            Set<String> live = tables(admin);
            for (String table : live) {
                requireEmpty(table);
            }
            int tables = 0;
            int files = 0;
            long bytes = 0;
            List<TableCopy> restorable = new ArrayList<>();
            for (TableCopy copy : manifest.tables()) {
                if (live.contains(copy.table())) {
                    restorable.add(copy);
                } else {
                    progress.accept(copy.table() + ": no longer in the schema, skipped");
                }
            }
            local.exportSnapshots(
                    restorable.stream()
                            .map(copy -> snapshotName(manifest.startedAt(), copy.table()))
                            .toList(),
                    directory.of(BACKEND).toUri(),
                    local.rootDir(),
                    EXPORT_TIMEOUT);
            for (TableCopy copy : restorable) {
                String snapshot = snapshotName(manifest.startedAt(), copy.table());
                TableName name = TableName.valueOf(namespace, copy.table());
                // The empty table the schema made gives way to the snapshot's: a clone takes the snapshot's files
                // as links, and lands in this namespace whatever namespace the backup was taken from.
                admin.disableTable(name);
                admin.deleteTable(name);
                admin.cloneSnapshot(snapshot, name);
                admin.deleteSnapshot(snapshot);
                tables++;
                files += copy.files();
                bytes += copy.bytes();
                progress.accept(String.format("%-32s %4d files %,14d bytes", copy.table(), copy.files(), copy.bytes()));
            }
            HBaseSchema.apply(connection, namespace);
            return new RestoreSummary(tables, files, bytes);
        } catch (IOException e) {
            throw new BackupException("HBase refused the restore: " + e, e);
        }
    }

    private void requireEmpty(String table) throws IOException {
        try (Table rows = connection.getTable(TableName.valueOf(namespace, table));
                ResultScanner scanner = rows.getScanner(new Scan().setLimit(1).setCaching(1))) {
            if (scanner.next() != null) {
                throw new BackupException(namespace + ":" + table
                        + " holds rows: a restore is into an empty namespace (a fresh data directory)");
            }
        }
    }

    /** The namespace's tables but the schema's own record. */
    private Set<String> tables(Admin admin) throws IOException {
        return Stream.of(admin.listTableNamesByNamespace(namespace))
                .map(TableName::getQualifierAsString)
                .filter(table -> !table.equals(HBaseSchema.MIGRATIONS_TABLE))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
