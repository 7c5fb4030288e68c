package dev.widefeed.backends;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheckRegistry;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.store.BackendFactory;
import dev.widefeed.store.Storage;
import dev.widefeed.store.cassandra.CassandraFactory;
import dev.widefeed.store.hbase.HBaseFactory;
import io.dropwizard.util.Duration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/**
 * The {@code storage} section: which backend serves the service, and how to reach each. The
 * registry of backends ({@link #backends}) is the one place that names them; everything else asks
 * the selected one (docs/ARCHITECTURE.md, "A new backend").
 */
public class StorageFactory {
    public enum Backend {
        cassandra,
        hbase
    }

    @NotNull
    @JsonProperty
    public Backend backend = Backend.cassandra;

    /** Apply schema-cql/ or hbase-tables/ at start (idempotent); else run the schema command first. */
    @JsonProperty
    public boolean applySchemaAtStart = true;

    /**
     * How long one API request may keep calling the store ({@link dev.widefeed.store.RequestBudget}): past it the
     * request answers 503 instead of making another call. Its longest answer is this plus one call's timeout.
     */
    @NotNull
    @JsonProperty
    public Duration requestBudget = Duration.seconds(4);

    @Valid
    @NotNull
    @JsonProperty
    public CassandraFactory cassandra = new CassandraFactory();

    @Valid
    @NotNull
    @JsonProperty
    public HBaseFactory hbase = new HBaseFactory();

    /** Every backend this service runs on, by name. */
    public Map<Backend, BackendFactory<?>> backends() {
        return Map.of(Backend.cassandra, cassandra, Backend.hbase, hbase);
    }

    /** The configured backend. */
    public BackendFactory<?> selected() {
        return backends().get(backend);
    }

    /** The data directory of the embedded store in use, or null when the backend is external. */
    public Path embeddedDataDir() {
        return selected().embeddedDataDir().orElse(null);
    }

    /** Applies the schema files (starting and stopping the embedded store if enabled); returns the version. */
    public int applySchema() {
        return selected().applySchema();
    }

    /** Runs {@code work} with a backup of the configured backend's embedded store (see {@link BackendFactory}). */
    public <T> T withBackup(Clock clock, boolean applySchema, BackendFactory.BackupWork<T> work) {
        return selected().withBackup(clock, applySchema, work);
    }

    /** The configured backend's storage; closing it also stops the embedded store it started. */
    public Storage open(MetricRegistry metrics, Clock clock, boolean applySchema) {
        return selected().open(metrics, clock, applySchema);
    }

    /** The same, with the embedded store's supervision shown in {@code healthChecks} and {@code metrics}. */
    public Storage open(MetricRegistry metrics, HealthCheckRegistry healthChecks, Clock clock, boolean applySchema) {
        return selected().open(metrics, healthChecks, clock, applySchema);
    }
}
