package dev.widefeed.store.cassandra.setup;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.localstore.CommitLogSync;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.store.EmbeddedStoreFactory;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/**
 * The local Cassandra the service starts itself, as child processes (the default): one node, or a cluster of
 * {@link #nodes} on as many loopback addresses from {@link #host} on, each with the same ports on its own address.
 */
public class EmbeddedCassandraFactory extends EmbeddedStoreFactory {
    /** Nodes of the local cluster (each with its own heap of heapMb), started one after another. */
    @Min(1)
    @Max(9)
    @JsonProperty
    public int nodes = 1;

    /**
     * Node n's JMX (nodetool) port on 127.0.0.1 is this plus n - 1: Cassandra binds JMX to loopback, not to the
     * node's own address. 0: no JMX, which only a single node may do without.
     */
    @Min(0)
    @Max(65535)
    @JsonProperty
    public int jmxPort = 0;

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int nativePort = 9042;

    @Min(1)
    @Max(65535)
    @JsonProperty
    public int storagePort = 7000;

    /**
     * When a write is acknowledged: {@code batch} (the default), once its commit log entry is synced, so a kill of
     * the node loses nothing acknowledged; {@code periodic}, at once, losing up to 10 s of writes on a kill
     * ({@link CommitLogSync}).
     */
    @NotNull
    @JsonProperty
    public CommitLogSync commitLogSync = CommitLogSync.BATCH;

    public EmbeddedCassandraFactory() {
        super("./data/cassandra");
    }

    public LocalCassandra.Settings settings() {
        return new LocalCassandra.Settings(
                dataPath(),
                host,
                nativePort,
                storagePort,
                heapMb,
                startTimeoutDuration(),
                nodes,
                jmxPort,
                commitLogSync,
                jvmOptions);
    }
}
