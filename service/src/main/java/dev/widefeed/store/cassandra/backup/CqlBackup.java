package dev.widefeed.store.cassandra.backup;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import dev.widefeed.backup.BackupDirectory;
import dev.widefeed.backup.BackupException;
import dev.widefeed.backup.BackupManifest;
import dev.widefeed.backup.BackupManifest.TableCopy;
import dev.widefeed.backup.BackupOrder;
import dev.widefeed.backup.RestoreSummary;
import dev.widefeed.backup.StoreBackup;
import dev.widefeed.localstore.CassandraSnapshots;
import dev.widefeed.store.cassandra.setup.CqlSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A backup of the keyspace as snapshots of its tables ({@code nodetool snapshot}, one table at a time in
 * {@link BackupOrder}), each copied out of the node's data directory and then cleared; a restore loads them into
 * the empty tables of a node whose schema is applied ({@code nodetool import --copy-data}). {@code schema_migrations}
 * is the schema's own record, made by applying it, and stays out of both.
 */
public final class CqlBackup implements StoreBackup {
    public static final String BACKEND = "cassandra";
    /** A row check is one small read, but a node just started may still be loading its tables. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private final CqlSession session;
    private final String keyspace;
    private final CassandraSnapshots snapshots;
    private final Clock clock;

    public CqlBackup(CqlSession session, String keyspace, CassandraSnapshots snapshots, Clock clock) {
        this.session = session;
        this.keyspace = keyspace;
        this.snapshots = snapshots;
        this.clock = clock;
    }

    @Override
    public BackupManifest backUp(BackupDirectory directory, Consumer<String> progress) {
        directory.requireEmpty();
        Instant started = clock.instant();
        int version = CqlSchema.appliedVersion(session, keyspace);
        String tag = "widefeed-backup-" + started.toEpochMilli();
        List<TableCopy> copies = new ArrayList<>();
        try {
            for (String table : BackupOrder.order(tables())) {
                Path snapshot = snapshots.snapshot(tag, keyspace, table);
                Instant copiedAt = clock.instant();
                Path target = directory.of(BACKEND).resolve(table);
                TableCopy copy = copyFiles(table, snapshot, target, copiedAt);
                copies.add(copy);
                progress.accept(String.format(
                        "%-8s %-32s %4d files %,14d bytes", copy.phase(), table, copy.files(), copy.bytes()));
            }
        } finally {
            snapshots.clear(tag, keyspace);
        }
        BackupManifest manifest = new BackupManifest(BACKEND, version, started, clock.instant(), copies);
        directory.writeManifest(manifest);
        return manifest;
    }

    private static TableCopy copyFiles(String table, Path snapshot, Path target, Instant copiedAt) {
        int files = 0;
        long bytes = 0;
        try (Stream<Path> entries = Files.list(snapshot)) {
            Files.createDirectories(target);
            for (Path file : entries.filter(Files::isRegularFile).toList()) {
                Files.copy(file, target.resolve(file.getFileName()));
                files++;
                bytes += Files.size(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + snapshot + " to " + target, e);
        }
        return new TableCopy(table, BackupOrder.phaseOf(table), copiedAt, files, bytes);
    }

    @Override
    public RestoreSummary restore(BackupDirectory directory, Consumer<String> progress) {
        BackupManifest manifest = directory.requireManifest();
        manifest.requireRestorableInto(BACKEND, CqlSchema.appliedVersion(session, keyspace), keyspace);
        Set<String> live = tables();
        for (String table : live) {
            if (session.execute(SimpleStatement.newInstance("SELECT * FROM " + keyspace + "." + table + " LIMIT 1")
                                    .setTimeout(READ_TIMEOUT))
                            .one()
                    != null) {
                throw new BackupException(keyspace + "." + table
                        + " holds rows: a restore is into an empty keyspace (a fresh data directory)");
            }
        }
        int tables = 0;
        int files = 0;
        long bytes = 0;
        for (TableCopy copy : manifest.tables()) {
            if (!live.contains(copy.table())) {
                progress.accept(copy.table() + ": no longer in the schema, skipped");
                continue;
            }
            List<String> failed = snapshots.importCopies(
                    keyspace, copy.table(), directory.of(BACKEND).resolve(copy.table()));
            if (!failed.isEmpty()) {
                throw new BackupException("Cassandra could not import " + failed + " into " + keyspace + "."
                        + copy.table() + ": its log says why");
            }
            tables++;
            files += copy.files();
            bytes += copy.bytes();
            progress.accept(String.format("%-32s %4d files %,14d bytes", copy.table(), copy.files(), copy.bytes()));
        }
        return new RestoreSummary(tables, files, bytes);
    }

    /** The keyspace's tables but the schema's own record. */
    private Set<String> tables() {
        session.refreshSchema();
        KeyspaceMetadata metadata = session.getMetadata()
                .getKeyspace(keyspace)
                .orElseThrow(() -> new BackupException("no keyspace " + keyspace + ": apply the schema first"));
        return metadata.getTables().keySet().stream()
                .map(CqlIdentifier::asInternal)
                .filter(table -> !table.equals(CqlSchema.MIGRATIONS_TABLE))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void close() {
        session.close();
    }
}
