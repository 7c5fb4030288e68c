package dev.widefeed.store.cassandra;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.internal.core.session.throttling.ConcurrencyLimitingRequestThrottler;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.widefeed.backup.BackupException;
import dev.widefeed.backup.StoreBackup;
import dev.widefeed.localstore.CassandraSnapshots;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.store.BackendFactory;
import dev.widefeed.store.cassandra.backup.CqlBackup;
import dev.widefeed.store.cassandra.setup.CqlCounterWrites;
import dev.widefeed.store.cassandra.setup.CqlSchema;
import dev.widefeed.store.cassandra.setup.CqlStatementCounts;
import dev.widefeed.store.cassandra.setup.EmbeddedCassandraFactory;
import dev.widefeed.store.cassandra.setup.IdempotentWriteRetryPolicy;
import io.dropwizard.util.Duration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * How to reach Cassandra: an embedded local node (the default) or any external cluster, with
 * contact points, datacenter, keyspace replication, consistency, credentials and TLS.
 */
public class CassandraFactory extends BackendFactory<LocalCassandra> {
    @Valid
    @NotNull
    @JsonProperty
    public EmbeddedCassandraFactory embedded = new EmbeddedCassandraFactory();

    /** Comma-separated host:port list; ignored with the embedded store (its nodes are the contact points). */
    @NotEmpty
    @JsonProperty
    public String contactPoints = "127.0.0.1:9042";

    @NotEmpty
    @JsonProperty
    public String localDatacenter = "datacenter1";

    @NotEmpty
    @JsonProperty
    public String keyspace = "widefeed";

    /** The keyspace's replication map, e.g. {class: NetworkTopologyStrategy, dc1: 3}. */
    @NotEmpty
    @JsonProperty
    public Map<String, String> replication =
            new LinkedHashMap<>(Map.of("class", "SimpleStrategy", "replication_factor", "1"));

    @NotEmpty
    @JsonProperty
    public String consistency = "LOCAL_QUORUM";

    @NotEmpty
    @JsonProperty
    public String serialConsistency = "LOCAL_SERIAL";

    /**
     * What full-table scans (export) read at: one replica is enough for a bulk copy and leaves the
     * others to live traffic; LOCAL_QUORUM when an export must see every acknowledged write.
     */
    @NotEmpty
    @JsonProperty
    public String scanConsistency = "LOCAL_ONE";

    @NotNull
    @JsonProperty
    public Duration requestTimeout = Duration.seconds(5);

    /**
     * How long a counter update waits before it is of unknown outcome and its counter is marked for a recount
     * ({@link CqlCounterWrites}).
     */
    @NotNull
    @JsonProperty
    public Duration counterTimeout = Duration.seconds(1);

    @JsonProperty
    public String username;

    @JsonProperty
    public String password;

    @Valid
    @NotNull
    @JsonProperty
    public TlsFactory tls = new TlsFactory();

    /**
     * Rows written per bucket of every list that grows with popularity (followers, likers, reposts ...), live or
     * deleted since: half of Cassandra's default tombstone_failure_threshold, so a read through a bucket whose
     * every entry was removed is not aborted (docs/design.md, "Bounded lists").
     */
    @Min(1000)
    @JsonProperty
    public int rowsPerBucket = 50_000;

    /** Bound on outstanding asynchronous requests of bulk work (imports, fan-out). */
    @Min(1)
    @JsonProperty
    public int maxInFlight = 256;

    /**
     * Requests of this instance outstanding at once; more wait in the driver's queue. Below one
     * connection's 1,024 streams, so bulk work in parallel (fan-out pages, imports) queues instead of
     * failing with "no connection available".
     */
    @Min(1)
    @Max(1024)
    @JsonProperty
    public int maxRequestsInFlight = 1000;

    /** Requests waiting for one of {@link #maxRequestsInFlight}; past this a request fails at once (503). */
    @Min(0)
    @JsonProperty
    public int maxRequestsQueued = 20_000;

    public static class TlsFactory {
        @JsonProperty
        public boolean enabled;

        @JsonProperty
        public String truststorePath;

        @JsonProperty
        public String truststorePassword;

        @JsonProperty
        public String keystorePath;

        @JsonProperty
        public String keystorePassword;
    }

    @Override
    public LocalCassandra startEmbedded() {
        return embedded.enabled ? LocalCassandra.start(embedded.settings()) : null;
    }

    /** Creates or upgrades the keyspace's schema from schema-cql/; returns the version applied. */
    @Override
    public int applySchema(LocalCassandra local) {
        try (CqlSession session = connect(new MetricRegistry(), local, false)) {
            return CqlSchema.apply(session, keyspace, replication);
        }
    }

    /** The service's one session, bound to its keyspace, with metrics in {@code metrics}. */
    @Override
    public CqlStorage storage(MetricRegistry metrics, Clock clock, LocalCassandra local) {
        return new CqlStorage(
                connect(metrics, local, true),
                metrics,
                rowsPerBucket,
                maxInFlight,
                DefaultConsistencyLevel.valueOf(scanConsistency),
                clock);
    }

    @Override
    public StoreBackup backup(LocalCassandra local, Clock clock) {
        if (local == null) {
            throw new BackupException(EXTERNAL_BACKUP);
        }
        CassandraSnapshots snapshots = local.snapshots();
        return new CqlBackup(connect(new MetricRegistry(), local, false), keyspace, snapshots, clock);
    }

    @Override
    public Optional<Path> embeddedDataDir() {
        return embedded.enabled ? Optional.of(Path.of(embedded.dataDir)) : Optional.empty();
    }

    /** A session on the cluster (or on the embedded node or nodes, when {@code local} is given). */
    public CqlSession connect(MetricRegistry metrics, LocalCassandra local, boolean inKeyspace) {
        ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.SESSION_NAME, "cassandra") // metric names: cassandra.cql-requests ...
                .withString(DefaultDriverOption.REQUEST_CONSISTENCY, consistency)
                .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, serialConsistency)
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, requestTimeout.toJavaDuration())
                .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, false)
                .withClass(DefaultDriverOption.RETRY_POLICY_CLASS, IdempotentWriteRetryPolicy.class)
                .withClass(DefaultDriverOption.REQUEST_THROTTLER_CLASS, ConcurrencyLimitingRequestThrottler.class)
                .withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS, maxRequestsInFlight)
                .withInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_QUEUE_SIZE, maxRequestsQueued)
                // Come back within seconds of a node's return, not the default minute.
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, java.time.Duration.ofSeconds(1))
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, java.time.Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, java.time.Duration.ofSeconds(30))
                .withDuration(
                        DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, java.time.Duration.ofSeconds(30))
                .startProfile(CqlCounterWrites.PROFILE)
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, counterTimeout.toJavaDuration())
                .endProfile()
                .withStringList(
                        DefaultDriverOption.METRICS_SESSION_ENABLED,
                        List.of(
                                "connected-nodes",
                                "cql-requests",
                                "cql-client-timeouts",
                                "bytes-sent",
                                "bytes-received",
                                "throttling.errors"))
                .withStringList(
                        DefaultDriverOption.METRICS_NODE_ENABLED,
                        List.of(
                                "pool.open-connections",
                                "pool.in-flight",
                                "errors.request.write-timeouts",
                                "errors.request.read-timeouts",
                                "errors.request.unavailables",
                                "errors.connection.init",
                                "retries.total",
                                "speculative-executions"));
        CqlSessionBuilder builder = CqlSession.builder()
                .withConfigLoader(config.build())
                .withMetricRegistry(metrics)
                .withLocalDatacenter(localDatacenter)
                .addRequestTracker(new CqlStatementCounts());
        if (inKeyspace) {
            builder.withKeyspace(keyspace);
        }
        for (InetSocketAddress address : addresses(local)) {
            builder.addContactPoint(address);
        }
        if (username != null && !username.isEmpty()) {
            builder.withAuthCredentials(username, password == null ? "" : password);
        }
        if (tls.enabled) {
            builder.withSslContext(sslContext());
        }
        return builder.build();
    }

    private List<InetSocketAddress> addresses(LocalCassandra local) {
        if (local != null) {
            return local.contactPoints();
        }
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String point : contactPoints.split(",")) {
            String p = point.strip();
            int colon = p.lastIndexOf(':');
            addresses.add(
                    colon < 0
                            ? new InetSocketAddress(p, 9042)
                            : new InetSocketAddress(p.substring(0, colon), Integer.parseInt(p.substring(colon + 1))));
        }
        return addresses;
    }

    private SSLContext sslContext() {
        try {
            TrustManagerFactory tmf = null;
            if (tls.truststorePath != null) {
                tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(keyStore(tls.truststorePath, tls.truststorePassword));
            }
            KeyManagerFactory kmf = null;
            if (tls.keystorePath != null) {
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keyStore(tls.keystorePath, tls.keystorePassword), chars(tls.keystorePassword));
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException("cannot set up TLS for Cassandra: " + e.getMessage(), e);
        }
    }

    private static KeyStore keyStore(String path, String password) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            store.load(in, chars(password));
        }
        return store;
    }

    private static char[] chars(String password) {
        return password == null ? null : password.toCharArray();
    }
}
