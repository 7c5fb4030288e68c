package dev.widefeed.store.hbase;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.backup.BackupException;
import dev.widefeed.backup.StoreBackup;
import dev.widefeed.localstore.LocalHBase;
import dev.widefeed.store.BackendFactory;
import dev.widefeed.store.hbase.backup.HBaseBackup;
import dev.widefeed.store.hbase.layout.HBaseSchema;
import dev.widefeed.store.hbase.setup.CountedRpcClient;
import dev.widefeed.store.hbase.setup.EmbeddedHBaseFactory;
import io.dropwizard.util.Duration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * How to reach HBase: an embedded local HBase (the default) or any external cluster through its
 * ZooKeeper quorum, with the namespace of the service's tables and client timeouts short enough
 * that an outage fails requests within seconds (503) instead of holding them for minutes.
 */
public class HBaseFactory extends BackendFactory<LocalHBase> {
    @Valid
    @NotNull
    @JsonProperty
    public EmbeddedHBaseFactory embedded = new EmbeddedHBaseFactory();

    /** Comma-separated host:port list; ignored when the embedded HBase is enabled. */
    @NotEmpty
    @JsonProperty
    public String zookeeperQuorum = "127.0.0.1:2181";

    @NotEmpty
    @JsonProperty
    public String namespace = "widefeed";

    /** Whole-operation budget, retries included. */
    @NotNull
    @JsonProperty
    public Duration operationTimeout = Duration.seconds(10);

    /** Budget of one RPC attempt. */
    @NotNull
    @JsonProperty
    public Duration rpcTimeout = Duration.seconds(5);

    /**
     * Client retries of a failed RPC (region moved, server busy). Increments carry nonces, so the
     * server applies a retried one once; compare-and-sets are never retried whatever this says.
     */
    @Min(0)
    @JsonProperty
    public int retries = 3;

    /** Bound on outstanding batch calls of bulk work (imports); each carries a few hundred rows. */
    @Min(1)
    @JsonProperty
    public int maxInFlight = 16;

    /** Further client properties ({@code hbase-site.xml} names); they override everything above. */
    @NotNull
    @JsonProperty
    public Map<String, String> properties = new LinkedHashMap<>();

    @Override
    public LocalHBase startEmbedded() {
        return embedded.start();
    }

    @Override
    public Optional<Path> embeddedDataDir() {
        return embedded.enabled ? Optional.of(Path.of(embedded.dataDir)) : Optional.empty();
    }

    @Override
    public StoreBackup backup(LocalHBase local, Clock clock) {
        if (local == null) {
            throw new BackupException(EXTERNAL_BACKUP);
        }
        return new HBaseBackup(connect(local), namespace, local, clock);
    }

    /** Creates or upgrades the namespace's tables from hbase-tables/; returns the version applied. */
    @Override
    public int applySchema(LocalHBase local) {
        try (Connection connection = connect(local)) {
            return HBaseSchema.apply(connection, namespace);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The service's storage over one asynchronous connection, which it closes. */
    @Override
    public HBaseStorage storage(MetricRegistry metrics, Clock clock, LocalHBase local) {
        return new HBaseStorage(connectAsync(local), namespace, metrics, maxInFlight, clock);
    }

    /** A blocking connection, for the schema and administration. */
    public Connection connect(LocalHBase local) {
        try {
            return ConnectionFactory.createConnection(configuration(local));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot connect to HBase at " + quorum(local), e);
        }
    }

    /** The asynchronous connection the stores run on. */
    public AsyncConnection connectAsync(LocalHBase local) {
        return ConnectionFactory.createAsyncConnection(configuration(local)).join();
    }

    /** The client configuration: quorum, timeouts, retries, then {@link #properties}. */
    public Configuration configuration(LocalHBase local) {
        Configuration conf = HBaseConfiguration.create();
        int operationMs = Math.toIntExact(operationTimeout.toMilliseconds());
        int rpcMs = Math.toIntExact(rpcTimeout.toMilliseconds());
        // Entries with a port override the client port, so one setting carries the whole quorum.
        conf.set("hbase.zookeeper.quorum", quorum(local));
        conf.setInt("hbase.client.operation.timeout", operationMs);
        conf.setInt("hbase.client.meta.operation.timeout", operationMs);
        conf.setInt("hbase.client.scanner.timeout.period", operationMs);
        conf.setInt("hbase.rpc.timeout", rpcMs);
        conf.setInt("hbase.client.retries.number", retries);
        conf.setInt("hbase.client.pause", 100);
        // ZooKeeper is only asked where meta is; its default of 30 retries a second apart outlasts any request.
        conf.setInt("zookeeper.recovery.retry", 2);
        conf.setInt("zookeeper.recovery.retry.intervalmill", 200);
        conf.setInt("zookeeper.session.timeout", 30_000);
        // Counts the RPCs the store serves (hbase.rpc-requests in the metrics), as cql-requests counts statements.
        conf.set("hbase.rpc.client.impl", CountedRpcClient.class.getName());
        properties.forEach(conf::set);
        return conf;
    }

    private String quorum(LocalHBase local) {
        return local != null ? local.zookeeperQuorum() + ":" + local.zookeeperPort() : zookeeperQuorum;
    }
}
