package dev.widefeed.store;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheckRegistry;
import dev.widefeed.backup.StoreBackup;
import dev.widefeed.localstore.LocalStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One backend's configuration, and what the service asks of any backend: apply the schema, open
 * the storage, say where an embedded store keeps its data. Starting the embedded store (when it is
 * enabled) around those, showing its supervision, and stopping it, is written here once for every
 * backend.
 *
 * @param <L> the backend's embedded store, as the local-store launcher runs it
 */
public abstract class BackendFactory<L extends LocalStore> {
    /** Why {@link #backup} refuses an external store. */
    protected static final String EXTERNAL_BACKUP =
            "the backup and restore commands work on the embedded store; an external cluster is backed up with its own tools, node by node (docs/operations.md, \"Backup and restore\")";

    /** Starts the embedded store if it is enabled (or reuses one already running there); null when external. */
    public abstract L startEmbedded();

    /** Creates or upgrades the schema on the embedded store {@code local}, or the external one when null. */
    public abstract int applySchema(L local);

    /**
     * The storage over one client connection to {@code local}, or to the external store when null;
     * its adapters read time from {@code clock} only.
     */
    public abstract Storage storage(MetricRegistry metrics, Clock clock, L local);

    /**
     * A backup of the embedded store {@code local} over a connection of its own.
     *
     * @throws dev.widefeed.backup.BackupException when the store is external: a cluster is backed up with its own
     *     tools, node by node (docs/operations.md, "Backup and restore")
     */
    public abstract StoreBackup backup(L local, Clock clock);

    /** The embedded store's data directory; empty when the store is external. */
    public abstract Optional<Path> embeddedDataDir();

    /** Applies the schema files (starting and stopping the embedded store if enabled); returns the version. */
    public final int applySchema() {
        L local = startEmbedded();
        try {
            return applySchema(local);
        } finally {
            stop(local);
        }
    }

    /** What runs with a backup: {@code storage} opens the store's storage too (closed by the caller). */
    @FunctionalInterface
    public interface BackupWork<T> {
        T run(StoreBackup backup, Supplier<Storage> storage);
    }

    /**
     * Runs {@code work} with a backup of the store (the embedded store started, or the running one adopted), once
     * the schema is applied when {@code applySchema}; then stops the store if it was started here.
     */
    public final <T> T withBackup(Clock clock, boolean applySchema, BackupWork<T> work) {
        L local = startEmbedded();
        try {
            if (applySchema) {
                applySchema(local);
            }
            try (StoreBackup backup = backup(local, clock)) {
                return work.run(backup, () -> storage(new MetricRegistry(), clock, local));
            }
        } finally {
            stop(local);
        }
    }

    /** The storage; closing it also stops the embedded store it started. */
    public final Storage open(MetricRegistry metrics, Clock clock, boolean applySchema) {
        return open(metrics, new HealthCheckRegistry(), clock, applySchema);
    }

    /**
     * The storage; closing it also stops the embedded store it started, whose supervision is shown
     * in {@code healthChecks} and {@code metrics} ({@link EmbeddedStoreMonitoring}).
     */
    public final Storage open(
            MetricRegistry metrics, HealthCheckRegistry healthChecks, Clock clock, boolean applySchema) {
        L local = startEmbedded();
        try {
            if (applySchema) {
                applySchema(local);
            }
            if (local != null && local.startedHere()) {
                EmbeddedStoreMonitoring.register(local, metrics, healthChecks);
            }
            return DerivedStorage.stoppingAlso(storage(metrics, clock, local), local);
        } catch (RuntimeException e) {
            stop(local);
            throw e;
        }
    }

    private static void stop(AutoCloseable local) {
        if (local != null) {
            try {
                local.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not stop the embedded store", e);
            }
        }
    }
}
