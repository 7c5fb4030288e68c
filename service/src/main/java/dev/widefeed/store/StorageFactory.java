package dev.widefeed.store;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.store.cassandra.CassandraFactory;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import java.nio.file.Path;

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

    /** The data directory of the embedded store in use, or null when the backend is external. */
    public Path embeddedDataDir() {
        return switch (backend) {
            case cassandra -> cassandra.embedded.enabled ? Path.of(cassandra.embedded.dataDir) : null;
            case hbase -> null;
        };
    }

    /** Applies the schema files (starting and stopping the embedded store if enabled); returns the version. */
    public int applySchema() {
        return switch (backend) {
            case cassandra -> {
                try (LocalCassandra local = cassandra.startEmbedded()) {
                    yield cassandra.applySchema(local);
                }
            }
            case hbase -> throw new UnsupportedOperationException("hbase: not wired yet");
        };
    }

    public Storage open(MetricRegistry metrics, boolean applySchema) {
        return switch (backend) {
            case cassandra -> openCassandra(metrics, applySchema);
            case hbase -> throw new UnsupportedOperationException("hbase: not wired yet");
        };
    }

    private Storage openCassandra(MetricRegistry metrics, boolean applySchema) {
        LocalCassandra local = cassandra.startEmbedded();
        try {
            if (applySchema) {
                cassandra.applySchema(local);
            }
            return new ClosingStorage(cassandra.storage(metrics, local), local);
        } catch (RuntimeException e) {
            if (local != null) {
                local.close();
            }
            throw e;
        }
    }
}
