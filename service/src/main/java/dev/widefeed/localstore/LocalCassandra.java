package dev.widefeed.localstore;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A real Apache Cassandra node for development and tests, run from the jars the build resolved, so that what we
 * test against is the server production runs, not a fake. A node already listening on the native port (a
 * developer's own, or one a previous run left) is reused rather than fought over, and is then not ours to stop.
 */
public final class LocalCassandra extends LocalStore {

    static final String CLASSPATH_RESOURCE = "localstore/cassandra-server.classpath";
    private static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";

    /** From Cassandra's own conf/jvm17-server.options: what its internals reach into on Java 17. */
    private static final List<String> JAVA17_OPTIONS = List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports=java.sql/java.sql=ALL-UNNAMED",
            "--add-exports=java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.math=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED");

    /** INFO on stdout (which goes to the log file): Cassandra's default DEBUG log grows fast and hides the cause. */
    private static final String LOGBACK_XML = """
            <configuration>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder>
                  <pattern>%-5level [%thread] %date{ISO8601} %logger{0}:%line - %msg%n</pattern>
                </encoder>
              </appender>
              <root level="INFO">
                <appender-ref ref="STDOUT"/>
              </root>
            </configuration>
            """;

    /** Short timeouts so that a probe of a node not ready yet fails fast instead of hanging. */
    private static final DriverConfigLoader PROBE_CONFIG = DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy")
            .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofSeconds(2))
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(2))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(2))
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(5))
            .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
            .withBoolean(DefaultDriverOption.METADATA_TOKEN_MAP_ENABLED, false)
            .build();

    /**
     * Where and how to run the node. The defaults are Cassandra's own ports on loopback; tests use others so they
     * do not collide with a developer's running service.
     */
    public record Settings(Path dataDir, String host, int nativePort, int storagePort, int heapMb,
                           Duration startTimeout) {

        public Settings {
            requireNonNull(dataDir, "dataDir");
            requireNonNull(host, "host");
            requireNonNull(startTimeout, "startTimeout");
        }

        public static Settings defaults(Path dataDir) {
            return new Settings(dataDir, "127.0.0.1", 9042, 7000, 1024, Duration.ofMinutes(2));
        }

        public Settings withPorts(int nativePort, int storagePort) {
            return new Settings(dataDir, host, nativePort, storagePort, heapMb, startTimeout);
        }

        public Settings withHeapMb(int heapMb) {
            return new Settings(dataDir, host, nativePort, storagePort, heapMb, startTimeout);
        }
    }

    /** What the readiness probe learned from {@code system.local}. */
    private record Node(String releaseVersion, String dataCenter) {
        @Override
        public String toString() {
            return releaseVersion;
        }
    }

    private final Settings settings;
    private final Node node;

    private LocalCassandra(Settings settings, Node node, StoreSupervisor supervisor) {
        super(supervisor);
        this.settings = settings;
        this.node = node;
    }

    /**
     * Starts a node and returns once it answers CQL, or reuses the one already listening on the native port.
     *
     * @throws LocalStoreException if the node does not start or answer within {@code startTimeout}
     */
    public static LocalCassandra start(Settings settings) {
        String endpoint = settings.host() + ":" + settings.nativePort();
        Running<Node> node = startOrReuse("Cassandra", settings.dataDir(), settings.host(), settings.nativePort(),
                endpoint, settings.startTimeout(), () -> probe(settings), () -> launch(settings, endpoint));
        return new LocalCassandra(settings, node.identity(), node.supervisor());
    }

    private static LocalStoreProcess.Launch launch(Settings settings, String endpoint) {
        StoreClasspath classpath = StoreClasspath.load(CLASSPATH_RESOURCE);
        Path conf = settings.dataDir().resolve("conf");
        Path cassandraYaml = conf.resolve("cassandra.yaml");
        Path logbackXml = conf.resolve("logback.xml");
        writeConfig(settings, cassandraYaml, logbackXml);

        List<String> jvmOptions = new ArrayList<>(List.of(
                "-Xms" + settings.heapMb() + "m",
                "-Xmx" + settings.heapMb() + "m",
                "-XX:+UseG1GC",
                "-Xss256k",
                "-Djava.net.preferIPv4Stack=true",
                "-Dwidefeed.localstore=cassandra",
                "-Dcassandra-foreground=yes",
                "-Dcassandra.config=" + cassandraYaml.toUri(),
                "-Dcassandra.storagedir=" + settings.dataDir(),
                "-Dcassandra.logdir=" + settings.dataDir().resolve("logs"),
                "-Dlogback.configurationFile=" + logbackXml.toUri(),
                // A single node has no ring to wait for: these cut startup from ~40 s to a few seconds.
                "-Dcassandra.ring_delay_ms=100",
                "-Dcassandra.skip_wait_for_gossip_to_settle=0"));
        jvmOptions.addAll(JAVA17_OPTIONS);

        return new LocalStoreProcess.Launch(
                "Cassandra",
                classpath.versionOf("cassandra-all").orElse("(unknown version)"),
                endpoint + " in " + settings.dataDir(),
                classpath,
                List.of(),
                jvmOptions,
                MAIN_CLASS,
                List.of(),
                settings.dataDir(),
                settings.dataDir().resolve("logs").resolve("cassandra.log"),
                settings.host(),
                new TreeMap<>(Map.of("native", settings.nativePort(), "storage", settings.storagePort())));
    }

    private static Optional<Node> probe(Settings settings) {
        if (!Ports.isListening(settings.host(), settings.nativePort())) {
            return Optional.empty();
        }
        try (CqlSession session = CqlSession.builder()
                .addContactPoint(new InetSocketAddress(settings.host(), settings.nativePort()))
                .withConfigLoader(PROBE_CONFIG)
                .build()) {
            Row row = session.execute("SELECT release_version, data_center FROM system.local").one();
            return Optional.ofNullable(row).map(r -> new Node(r.getString("release_version"), r.getString("data_center")));
        }
    }

    /** Only the keys a single fast-starting node needs; everything else keeps Cassandra's defaults. */
    private static void writeConfig(Settings settings, Path cassandraYaml, Path logbackXml) {
        Path data = settings.dataDir();
        Map<String, Object> yaml = new LinkedHashMap<>();
        yaml.put("cluster_name", "widefeed-local");
        yaml.put("num_tokens", 16);
        yaml.put("partitioner", "org.apache.cassandra.dht.Murmur3Partitioner");
        yaml.put("endpoint_snitch", "SimpleSnitch");
        yaml.put("seed_provider", List.of(Map.of(
                "class_name", "org.apache.cassandra.locator.SimpleSeedProvider",
                "parameters", List.of(Map.of("seeds", settings.host() + ":" + settings.storagePort())))));
        yaml.put("listen_address", settings.host());
        yaml.put("rpc_address", settings.host());
        yaml.put("storage_port", settings.storagePort());
        yaml.put("native_transport_port", settings.nativePort());
        yaml.put("start_native_transport", true);
        yaml.put("data_file_directories", List.of(data.resolve("data").toString()));
        yaml.put("commitlog_directory", data.resolve("commitlog").toString());
        yaml.put("saved_caches_directory", data.resolve("saved_caches").toString());
        yaml.put("hints_directory", data.resolve("hints").toString());
        yaml.put("cdc_raw_directory", data.resolve("cdc_raw").toString());
        yaml.put("commitlog_sync", "periodic");
        yaml.put("commitlog_sync_period", "10000ms");
        // A fresh single node has no 4.x peers to stay compatible with.
        yaml.put("storage_compatibility_mode", "NONE");
        // Tests drop and recreate keyspaces all the time; snapshots on drop would only fill the disk.
        yaml.put("auto_snapshot", false);
        // Sized for a 2-core developer machine rather than a server.
        yaml.put("concurrent_reads", 8);
        yaml.put("concurrent_writes", 16);
        yaml.put("concurrent_counter_writes", 8);
        yaml.put("concurrent_compactors", 1);
        yaml.put("memtable_flush_writers", 1);
        yaml.put("key_cache_size", "16MiB");
        yaml.put("counter_cache_size", "8MiB");
        yaml.put("row_cache_size", "0MiB");
        try {
            Files.createDirectories(cassandraYaml.getParent());
            new YAMLMapper().writeValue(cassandraYaml.toFile(), yaml);
            Files.writeString(logbackXml, LOGBACK_XML);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Cassandra configuration under " + cassandraYaml.getParent(), e);
        }
    }

    public String host() {
        return settings.host();
    }

    public int port() {
        return settings.nativePort();
    }

    /** The address to give the driver as its contact point. */
    public InetSocketAddress contactPoint() {
        return new InetSocketAddress(settings.host(), settings.nativePort());
    }

    /** The node's data center, which the driver needs as its local data center. */
    public String localDatacenter() {
        return node.dataCenter();
    }

    public String releaseVersion() {
        return node.releaseVersion();
    }

    public Settings settings() {
        return settings;
    }
}
