package dev.widefeed.store;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.store.cassandra.CassandraFactory;
import dev.widefeed.store.hbase.HBaseFactory;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Which backend serves the service, and how to reach each. Opening starts the backend's embedded
 * store when that is enabled, applies the schema when asked, and connects.
 */
public class StorageFactory {
    public enum Backend { cassandra, hbase }

    @NotNull
    @JsonProperty
    public Backend backend = Backend.cassandra;

    /** Apply schema-cql/ or hbase-tables/ at start (idempotent); else run the schema command first. */
    @JsonProperty
    public boolean applySchemaAtStart = true;

    @Valid
    @NotNull
    @JsonProperty
    public CassandraFactory cassandra = new CassandraFactory();

    @Valid
    @NotNull
    @JsonProperty
    public HBaseFactory hbase = new HBaseFactory();

    /** The data directory of the embedded store in use, or null when the backend is external. */
    public Path embeddedDataDir() {
        return switch (backend) {
            case cassandra -> cassandra.embedded.enabled ? Path.of(cassandra.embedded.dataDir) : null;
            case hbase -> hbase.embedded.enabled ? Path.of(hbase.embedded.dataDir) : null;
        };
    }

    /** Applies the schema files (starting and stopping the embedded store if enabled); returns the version. */
    public int applySchema() {
        return switch (backend) {
            case cassandra -> withEmbedded(cassandra::startEmbedded, cassandra::applySchema);
            case hbase -> withEmbedded(hbase.embedded::start, hbase::applySchema);
        };
    }

    /** The configured backend's storage; closing it also stops the embedded store it started. */
    public Storage open(MetricRegistry metrics, boolean applySchema) {
        return switch (backend) {
            case cassandra -> open(cassandra::startEmbedded, applySchema ? cassandra::applySchema : null,
                    local -> cassandra.storage(metrics, local));
            case hbase -> open(hbase.embedded::start, applySchema ? hbase::applySchema : null,
                    local -> hbase.storage(metrics, local));
        };
    }

    private static <L extends AutoCloseable> int withEmbedded(Supplier<L> start, ToIntFunction<L> work) {
        L local = start.get();
        try {
            return work.applyAsInt(local);
        } finally {
            close(local);
        }
    }

    private static <L extends AutoCloseable> Storage open(Supplier<L> start, ToIntFunction<L> applySchema,
                                                          Function<L, Storage> connect) {
        L local = start.get();
        try {
            if (applySchema != null) {
                applySchema.applyAsInt(local);
            }
            return new ClosingStorage(connect.apply(local), local);
        } catch (RuntimeException e) {
            close(local);
            throw e;
        }
    }

    private static void close(AutoCloseable local) {
        if (local != null) {
            try {
                local.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not stop the embedded store", e);
            }
        }
    }
}
