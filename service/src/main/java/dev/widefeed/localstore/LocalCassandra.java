package dev.widefeed.localstore;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apache Cassandra node, or a cluster of nodes on loopback addresses, for development, tests and drills,
 * run from the jars the build resolved, so that what we test against is the server production runs, not a fake.
 * A node already listening on its native port is reused rather than fought over: one a killed service left running
 * on the same data directory is adopted and supervised from then on, any other (a developer's own, another
 * service's) is not ours to stop.
 */
public final class LocalCassandra extends LocalStore {

    private static final Logger LOG = LoggerFactory.getLogger(LocalCassandra.class);
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
     * Where and how to run the node, or the nodes of a local cluster ({@link CassandraNode}). The defaults are
     * Cassandra's own ports on loopback, one node, no JMX; tests use other ports so they do not collide with a
     * developer's running service.
     *
     * @param nodes   how many nodes: 1, or a cluster on as many loopback addresses from {@code host} on
     * @param jmxPort the first node's JMX port on 127.0.0.1 (node n: this plus n - 1); 0 for no JMX, which only a
     *                single node may do without
     * @param heapMb  each node's heap
     * @param commitLogSync when a write is acknowledged: {@link CommitLogSync#BATCH} unless said otherwise
     * @param jvmOptions options for each node's JVM after the project's own, which they override (a later option
     *     wins): diagnostics, or a short-lived node's cheaper compiler (docs/TESTING.md)
     */
    public record Settings(
            Path dataDir,
            String host,
            int nativePort,
            int storagePort,
            int heapMb,
            Duration startTimeout,
            int nodes,
            int jmxPort,
            CommitLogSync commitLogSync,
            List<String> jvmOptions) {

        public Settings {
            requireNonNull(dataDir, "dataDir");
            requireNonNull(host, "host");
            requireNonNull(startTimeout, "startTimeout");
            requireNonNull(commitLogSync, "commitLogSync");
            jvmOptions = List.copyOf(jvmOptions);
        }

        /** One node without JMX. */
        public Settings(Path dataDir, String host, int nativePort, int storagePort, int heapMb, Duration startTimeout) {
            this(dataDir, host, nativePort, storagePort, heapMb, startTimeout, 1, 0, CommitLogSync.BATCH, List.of());
        }

        public static Settings defaults(Path dataDir) {
            return new Settings(dataDir, "127.0.0.1", 9042, 7000, 1024, Duration.ofMinutes(2));
        }

        public Settings withPorts(int nativePort, int storagePort) {
            return new Settings(
                    dataDir,
                    host,
                    nativePort,
                    storagePort,
                    heapMb,
                    startTimeout,
                    nodes,
                    jmxPort,
                    commitLogSync,
                    jvmOptions);
        }

        public Settings withHeapMb(int heapMb) {
            return new Settings(
                    dataDir,
                    host,
                    nativePort,
                    storagePort,
                    heapMb,
                    startTimeout,
                    nodes,
                    jmxPort,
                    commitLogSync,
                    jvmOptions);
        }

        /** {@code nodes} nodes whose JMX ports start at {@code jmxPort}. */
        public Settings withNodes(int nodes, int jmxPort) {
            return new Settings(
                    dataDir,
                    host,
                    nativePort,
                    storagePort,
                    heapMb,
                    startTimeout,
                    nodes,
                    jmxPort,
                    commitLogSync,
                    jvmOptions);
        }

        public Settings withJvmOptions(List<String> jvmOptions) {
            return new Settings(
                    dataDir,
                    host,
                    nativePort,
                    storagePort,
                    heapMb,
                    startTimeout,
                    nodes,
                    jmxPort,
                    commitLogSync,
                    jvmOptions);
        }

        public Settings withCommitLogSync(CommitLogSync commitLogSync) {
            return new Settings(
                    dataDir,
                    host,
                    nativePort,
                    storagePort,
                    heapMb,
                    startTimeout,
                    nodes,
                    jmxPort,
                    commitLogSync,
                    jvmOptions);
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
    private final List<CassandraNode> nodes;
    private final Node node;

    private LocalCassandra(Settings settings, List<CassandraNode> nodes, Node node, List<Member> members) {
        super(members);
        this.settings = settings;
        this.nodes = nodes;
        this.node = node;
    }

    /**
     * Starts the node, or the cluster's nodes one after another (each up and normal, as the others see it, before
     * the next starts: Cassandra refuses a node joining while another still does), and returns once every node
     * answers CQL. A node already listening on its native port is reused. Each node started here is supervised on
     * its own: one that dies is started again while the others serve.
     *
     * @throws LocalStoreException if a node does not start or answer within {@code startTimeout}
     */
    public static LocalCassandra start(Settings settings) {
        List<CassandraNode> nodes = CassandraNode.plan(settings);
        List<Member> members = new ArrayList<>();
        List<String> took = new ArrayList<>();
        Node first = null;
        long starting = System.nanoTime();
        try {
            for (CassandraNode planned : nodes) {
                long nodeStarting = System.nanoTime();
                String endpoint = planned.host() + ":" + settings.nativePort();
                Running<Node> running = startOrReuse(
                        "Cassandra",
                        planned.dataDir(),
                        planned.host(),
                        settings.nativePort(),
                        endpoint,
                        settings.startTimeout(),
                        () -> probe(settings, planned, nodes),
                        () -> launch(settings, planned, nodes.get(0), endpoint));
                members.addAll(running.members(planned.name()));
                first = first == null ? running.identity() : first;
                took.add(planned.name() + " " + seconds(System.nanoTime() - nodeStarting) + " s");
            }
        } catch (RuntimeException e) {
            LocalStore started = new LocalCassandra(settings, nodes, first, members);
            started.close(); // no node left running that nobody would stop
            throw e;
        }
        LOG.info(
                "Cassandra: {} node(s) serve after {} s ({})",
                nodes.size(),
                seconds(System.nanoTime() - starting),
                String.join(", ", took));
        return new LocalCassandra(settings, nodes, first, members);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }

    private static LocalStoreProcess.Launch launch(
            Settings settings, CassandraNode node, CassandraNode seed, String endpoint) {
        StoreClasspath classpath = StoreClasspath.load(CLASSPATH_RESOURCE);
        Path conf = node.dataDir().resolve("conf");
        Path cassandraYaml = conf.resolve("cassandra.yaml");
        Path logbackXml = conf.resolve("logback.xml");
        writeConfig(CassandraYaml.of(settings, node, seed), cassandraYaml, logbackXml);

        List<String> jvmOptions = new ArrayList<>(List.of(
                "-Xms" + settings.heapMb() + "m",
                "-Xmx" + settings.heapMb() + "m",
                "-XX:+UseG1GC",
                "-Xss256k",
                "-Djava.net.preferIPv4Stack=true",
                "-Dwidefeed.localstore=cassandra",
                "-Dcassandra-foreground=yes",
                "-Dcassandra.config=" + cassandraYaml.toUri(),
                "-Dcassandra.storagedir=" + node.dataDir(),
                "-Dcassandra.logdir=" + node.dataDir().resolve("logs"),
                "-Dlogback.configurationFile=" + logbackXml.toUri(),
                // Lets a drill read each node's own copy of a table (consistency NODE_LOCAL) to compare replicas;
                // the service never asks for it, and these nodes listen on loopback only.
                "-Dcassandra.enable_nodelocal_queries=true",
                // Nothing to wait for at startup (a node of a local cluster joins with fixed tokens and streams
                // nothing): these cut a node's startup from ~40 s to a few seconds.
                "-Dcassandra.ring_delay_ms=100",
                "-Dcassandra.skip_wait_for_gossip_to_settle=0"));
        if (node.jmxPort() > 0) {
            // Local-only JMX (127.0.0.1, no remote access): what nodetool and the launcher's ring check use.
            jvmOptions.add("-Dcassandra.jmx.local.port=" + node.jmxPort());
        }
        jvmOptions.addAll(JAVA17_OPTIONS);
        jvmOptions.addAll(settings.jvmOptions());

        return new LocalStoreProcess.Launch(
                "Cassandra",
                classpath.versionOf("cassandra-all").orElse("(unknown version)"),
                endpoint + " in " + node.dataDir(),
                classpath,
                List.of(),
                jvmOptions,
                MAIN_CLASS,
                List.of(),
                node.dataDir(),
                node.dataDir().resolve("logs").resolve("cassandra.log"),
                node.host(),
                new TreeMap<>(Map.of("native", settings.nativePort(), "storage", settings.storagePort())),
                LocalStoreProcess.StopRequest.SIGTERM);
    }

    /**
     * Ready when the node answers CQL itself and, where it has JMX, says it is normal and every other node whose
     * JMX answers sees it up and normal ("UN" in nodetool status).
     */
    private static Optional<Node> probe(Settings settings, CassandraNode node, List<CassandraNode> nodes) {
        if (!Ports.isListening(node.host(), settings.nativePort())) {
            return Optional.empty();
        }
        InetSocketAddress address = new InetSocketAddress(node.host(), settings.nativePort());
        Optional<Node> answered;
        try (CqlSession session = CqlSession.builder()
                .addContactPoint(address)
                .withConfigLoader(PROBE_CONFIG)
                .build()) {
            // Asked of this node itself, not of any node the driver would route to.
            com.datastax.oss.driver.api.core.metadata.Node self = session.getMetadata().getNodes().values().stream()
                    .filter(n -> n.getEndPoint().resolve().equals(address))
                    .findFirst()
                    .orElse(null);
            if (self == null) {
                return Optional.empty();
            }
            Row row = session.execute(
                            SimpleStatement.newInstance("SELECT release_version, data_center FROM system.local")
                                    .setNode(self))
                    .one();
            answered = Optional.ofNullable(row)
                    .map(r -> new Node(r.getString("release_version"), r.getString("data_center")));
        }
        if (answered.isEmpty() || node.jmxPort() <= 0) {
            return answered;
        }
        if (!NodeJmx.read(node.jmxPort()).map(NodeJmx.RingView::normal).orElse(false)) {
            return Optional.empty();
        }
        for (CassandraNode other : nodes) {
            if (other.number() != node.number()
                    && !NodeJmx.read(other.jmxPort())
                            .map(view -> view.seesUpAndNormal(node.host()))
                            .orElse(true)) {
                return Optional.empty();
            }
        }
        return answered;
    }

    private static void writeConfig(Map<String, Object> yaml, Path cassandraYaml, Path logbackXml) {
        try {
            Files.createDirectories(cassandraYaml.getParent());
            new YAMLMapper().writeValue(cassandraYaml.toFile(), yaml);
            Files.writeString(logbackXml, LOGBACK_XML);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the Cassandra configuration under " + cassandraYaml.getParent(), e);
        }
    }

    public String host() {
        return settings.host();
    }

    public int port() {
        return settings.nativePort();
    }

    /** The first node's address. */
    public InetSocketAddress contactPoint() {
        return new InetSocketAddress(settings.host(), settings.nativePort());
    }

    /** Every node's address, the first node's first: the driver's contact points. */
    public List<InetSocketAddress> contactPoints() {
        return nodes.stream()
                .map(n -> new InetSocketAddress(n.host(), settings.nativePort()))
                .toList();
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

    /**
     * The node's snapshots and imports (a backup's tools), for a single node with JMX.
     *
     * @throws LocalStoreException for a local cluster (each node's snapshot is its own: back up each node as an
     *     operator backs up a real cluster, docs/operations.md) or a node without JMX
     */
    public CassandraSnapshots snapshots() {
        if (nodes.size() != 1 || nodes.get(0).jmxPort() <= 0) {
            throw new LocalStoreException("a backup here needs a single node with JMX (embedded.jmxPort), not "
                    + nodes.size() + " node(s) with JMX port " + settings.jmxPort()
                    + ": a cluster is backed up node by node (docs/operations.md, \"Backup and restore\")");
        }
        return new CassandraSnapshots(nodes.get(0).jmxPort(), nodes.get(0).dataDir());
    }
}
