package dev.widefeed.localstore;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Apache HBase for development, tests and drills, run from the jars the build resolved, so that what we test
 * against is the server production runs, not a fake: standalone (master, region server and ZooKeeper in one JVM),
 * or a local cluster of ZooKeeper, a master and several region servers in JVMs of their own ({@link HBaseMember}),
 * whose region servers can fail one at a time. An HBase whose ZooKeeper already listens on the port is reused rather
 * than fought over: one a killed service left running on the same data directory is adopted and supervised from
 * then on, any other is not ours to stop.
 */
public final class LocalHBase extends LocalStore {

    static final String CLASSPATH_RESOURCE = "localstore/hbase-server.classpath";
    private static final Logger LOG = LoggerFactory.getLogger(LocalHBase.class);
    private static final String MAIN_CLASS = "org.apache.hadoop.hbase.master.HMaster";
    /** A local cluster's ZooKeeper session timeout (see {@link #siteProperties}). */
    static final Duration CLUSTER_SESSION_TIMEOUT = Duration.ofSeconds(10);
    /** Our ExportSnapshot of many snapshots in one JVM (hbase-tables' {@code dev.widefeed.hbasetools}). */
    static final String EXPORT_SNAPSHOTS = "dev.widefeed.hbasetools.ExportSnapshots";

    /** What HBase's and Hadoop's internals (and HBase's shaded Netty) reach into on Java 17. */
    private static final List<String> JAVA17_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true");

    /**
     * HBase's Maven dependencies log through slf4j 1.7 to reload4j (the log4j 1.2 API), not the log4j2 of HBase's
     * binary distribution, so this is a log4j 1.x file. INFO, with ZooKeeper's and Hadoop's chatter cut to WARN.
     */
    private static final String LOG4J_PROPERTIES = """
            log4j.rootLogger=INFO,console
            log4j.appender.console=org.apache.log4j.ConsoleAppender
            log4j.appender.console.target=System.out
            log4j.appender.console.layout=org.apache.log4j.PatternLayout
            log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c{1}: %m%n
            log4j.logger.org.apache.zookeeper=WARN
            log4j.logger.org.apache.hadoop=WARN
            log4j.logger.org.apache.hadoop.hbase=INFO
            """;

    /**
     * Where and how to run HBase. The defaults are HBase's own ports on loopback and one region server; tests use
     * other ports so they do not collide with a developer's running service.
     *
     * @param regionServers 1: standalone, master, region server and ZooKeeper in one process (the default); more: a
     *     local cluster, each of them a process of its own ({@link HBaseMember}), region server n on
     *     {@code regionServerPort} plus n - 1
     * @param heapMb the standalone process's heap, or each region server's
     * @param jvmOptions options for every process's JVM after the project's own, which they override (a later
     *     option wins): diagnostics, or a short-lived store's cheaper compiler (docs/TESTING.md)
     */
    public record Settings(
            Path dataDir,
            String host,
            int zookeeperPort,
            int masterPort,
            int regionServerPort,
            int heapMb,
            Duration startTimeout,
            int regionServers,
            List<String> jvmOptions) {

        public Settings {
            requireNonNull(dataDir, "dataDir");
            requireNonNull(host, "host");
            requireNonNull(startTimeout, "startTimeout");
            if (regionServers < 1) {
                throw new IllegalArgumentException("HBase needs a region server, not " + regionServers);
            }
            jvmOptions = List.copyOf(jvmOptions);
        }

        /** Standalone. */
        public Settings(
                Path dataDir,
                String host,
                int zookeeperPort,
                int masterPort,
                int regionServerPort,
                int heapMb,
                Duration startTimeout) {
            this(dataDir, host, zookeeperPort, masterPort, regionServerPort, heapMb, startTimeout, 1, List.of());
        }

        public static Settings defaults(Path dataDir) {
            return new Settings(dataDir, "127.0.0.1", 2181, 16000, 16020, 1024, Duration.ofMinutes(2));
        }

        public Settings withPorts(int zookeeperPort, int masterPort, int regionServerPort) {
            return new Settings(
                    dataDir,
                    host,
                    zookeeperPort,
                    masterPort,
                    regionServerPort,
                    heapMb,
                    startTimeout,
                    regionServers,
                    jvmOptions);
        }

        public Settings withHeapMb(int heapMb) {
            return new Settings(
                    dataDir,
                    host,
                    zookeeperPort,
                    masterPort,
                    regionServerPort,
                    heapMb,
                    startTimeout,
                    regionServers,
                    jvmOptions);
        }

        public Settings withRegionServers(int regionServers) {
            return new Settings(
                    dataDir,
                    host,
                    zookeeperPort,
                    masterPort,
                    regionServerPort,
                    heapMb,
                    startTimeout,
                    regionServers,
                    jvmOptions);
        }

        public Settings withJvmOptions(List<String> jvmOptions) {
            return new Settings(
                    dataDir,
                    host,
                    zookeeperPort,
                    masterPort,
                    regionServerPort,
                    heapMb,
                    startTimeout,
                    regionServers,
                    jvmOptions);
        }

        boolean cluster() {
            return regionServers > 1;
        }
    }

    private final Settings settings;
    private final String version;

    private LocalHBase(Settings settings, String version, List<Member> members) {
        super(members);
        this.settings = settings;
        this.version = version;
    }

    /**
     * Starts HBase and returns once a client can reach hbase:meta through an initialized master that counts every
     * region server live, or reuses the HBase whose ZooKeeper already listens on the port. A cluster's members start
     * one after another, each supervised on its own: a region server that dies is started again while the others
     * serve, and the master meanwhile gives its regions to the others.
     *
     * @throws LocalStoreException if HBase does not start or answer within {@code startTimeout}
     */
    public static LocalHBase start(Settings settings) {
        return settings.cluster() ? startCluster(settings) : startStandalone(settings);
    }

    private static LocalHBase startStandalone(Settings settings) {
        String endpoint = "ZooKeeper " + settings.host() + ":" + settings.zookeeperPort();
        Running<String> hbase = startOrReuse(
                "HBase",
                settings.dataDir(),
                settings.host(),
                settings.zookeeperPort(),
                endpoint,
                settings.startTimeout(),
                () -> probe(settings),
                () -> launchStandalone(settings, endpoint));
        // One member: master, region server and ZooKeeper are one process in standalone mode.
        return new LocalHBase(settings, hbase.identity(), hbase.members("hbase"));
    }

    private static LocalHBase startCluster(Settings settings) {
        List<Member> members = new ArrayList<>();
        List<String> took = new ArrayList<>();
        long starting = System.nanoTime();
        String version;
        try {
            // The cluster's own configuration, beside each member's: what HBase's tools run with (exportSnapshots).
            writeConfig(siteProperties(settings), settings.dataDir().resolve("conf"));
            for (HBaseMember member : HBaseMember.plan(settings)) {
                long memberStarting = System.nanoTime();
                String endpoint = member.name() + " " + settings.host() + ":" + member.port();
                Running<String> running = startOrReuse(
                        "HBase " + member.name(),
                        member.dir(),
                        settings.host(),
                        member.port(),
                        endpoint,
                        settings.startTimeout(),
                        memberProbe(settings, member),
                        () -> launchMember(settings, member, endpoint));
                members.addAll(running.members(member.name()));
                took.add(member.name() + " " + seconds(System.nanoTime() - memberStarting) + " s");
            }
            version = LocalStoreProcess.awaitExternal(
                    "HBase's master with " + settings.regionServers() + " region servers",
                    settings.startTimeout(),
                    () -> probe(settings));
        } catch (RuntimeException e) {
            new LocalHBase(settings, null, members).close(); // nothing left running that nobody would stop
            throw e;
        }
        LOG.info(
                "HBase: master and {} region servers serve after {} s ({})",
                settings.regionServers(),
                seconds(System.nanoTime() - starting),
                String.join(", ", took));
        return new LocalHBase(settings, version, members);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }

    private static LocalStoreProcess.Launch launchStandalone(Settings settings, String endpoint) {
        Path conf = settings.dataDir().resolve("conf");
        writeConfig(siteProperties(settings), conf);
        return launch(
                settings,
                "HBase",
                endpoint + " in " + settings.dataDir(),
                conf,
                settings.heapMb(),
                MAIN_CLASS,
                settings.dataDir(),
                settings.dataDir().resolve("logs").resolve("hbase.log"),
                new TreeMap<>(Map.of(
                        "ZooKeeper",
                        settings.zookeeperPort(),
                        "master",
                        settings.masterPort(),
                        "region server",
                        settings.regionServerPort())),
                () -> shutdownStandalone(settings));
    }

    /**
     * Asks a standalone HBase to stop as {@code stop-hbase.sh} does: its master stops the region server, then itself
     * and its ZooKeeper. On SIGTERM alone the process's shutdown hooks race: when the master's runs first it takes
     * ZooKeeper down with it, and the region server's then retries ZooKeeper until Hadoop gives up on the hook, 30 s
     * later.
     */
    private static boolean shutdownStandalone(Settings settings) throws IOException {
        try (Connection connection = ConnectionFactory.createConnection(probeConfiguration(settings));
                Admin admin = connection.getAdmin()) {
            admin.shutdown();
            return true;
        }
    }

    private static LocalStoreProcess.Launch launchMember(Settings settings, HBaseMember member, String endpoint) {
        Map<String, String> site = siteProperties(settings);
        // Each member's own scratch space: two processes must not share HBase's or Hadoop's temporary files.
        site.put("hbase.tmp.dir", member.dir().resolve("tmp").toString());
        site.put("hadoop.tmp.dir", member.dir().resolve("tmp").resolve("hadoop").toString());
        if (member.role() == HBaseMember.Role.REGION_SERVER) {
            site.put("hbase.regionserver.port", Integer.toString(member.port()));
        }
        writeConfig(site, member.conf());
        return launch(
                settings,
                "HBase " + member.name(),
                endpoint + " in " + settings.dataDir(),
                member.conf(),
                member.heapMb(),
                member.role().mainClass,
                member.dir(),
                member.logFile(),
                new TreeMap<>(Map.of(member.name(), member.port())),
                // Its own process: no hook of another member's shares it.
                LocalStoreProcess.StopRequest.SIGTERM);
    }

    private static LocalStoreProcess.Launch launch(
            Settings settings,
            String store,
            String endpoint,
            Path conf,
            int heapMb,
            String mainClass,
            Path workDir,
            Path logFile,
            Map<String, Integer> ports,
            LocalStoreProcess.StopRequest stop) {
        StoreClasspath classpath = StoreClasspath.load(CLASSPATH_RESOURCE);
        List<String> jvmOptions = new ArrayList<>(List.of(
                "-Xms" + heapMb + "m",
                "-Xmx" + heapMb + "m",
                "-XX:+UseG1GC",
                "-Djava.net.preferIPv4Stack=true",
                "-Dwidefeed.localstore=hbase",
                "-Dlog4j.configuration=" + conf.resolve("log4j.properties").toUri(),
                "-Dhbase.log.dir=" + logFile.getParent(),
                // ZooKeeper's admin web server would otherwise take port 8080.
                "-Dzookeeper.admin.enableServer=false"));
        jvmOptions.addAll(JAVA17_OPTIONS);
        jvmOptions.addAll(settings.jvmOptions());
        return new LocalStoreProcess.Launch(
                store,
                classpath.versionOf("hbase-server").orElse("(unknown version)"),
                endpoint,
                classpath,
                List.of(conf), // first, so that our hbase-site.xml and log4j.properties win
                jvmOptions,
                mainClass,
                List.of("start"),
                workDir,
                logFile,
                settings.host(),
                ports,
                stop);
    }

    /**
     * Ready means the master has finished initializing (it serves namespace calls only then), counts every region
     * server live, and hbase:meta can be read; a client then creates tables without retrying. Short client timeouts
     * keep a not-yet-ready HBase from holding a probe for minutes.
     */
    private static Optional<String> probe(Settings settings) throws IOException {
        if (!Ports.isListening(settings.host(), settings.zookeeperPort())) {
            return Optional.empty();
        }
        try (Connection connection = ConnectionFactory.createConnection(probeConfiguration(settings));
                Admin admin = connection.getAdmin()) {
            admin.listNamespaceDescriptors();
            try (Table meta = connection.getTable(TableName.META_TABLE_NAME);
                    ResultScanner scanner = meta.getScanner(new Scan().setLimit(1))) {
                scanner.next();
            }
            ClusterMetrics cluster = admin.getClusterMetrics(
                    EnumSet.of(ClusterMetrics.Option.HBASE_VERSION, ClusterMetrics.Option.LIVE_SERVERS));
            return cluster.getLiveServerMetrics().size() < settings.regionServers()
                    ? Optional.empty()
                    : Optional.of(cluster.getHBaseVersion());
        }
    }

    /**
     * How the launcher knows a member serves. ZooKeeper and the master when their port listens (the master cannot
     * finish initializing before a region server reports to it). A region server when the master counts a server
     * on its port live that started later than the one seen serving there before: after a kill, the master still
     * counts the dead one live until its ZooKeeper session expires or its successor reports for duty.
     */
    private static LocalStoreProcess.Probe<String> memberProbe(Settings settings, HBaseMember member) {
        if (member.role() != HBaseMember.Role.REGION_SERVER) {
            return () -> Ports.isListening(settings.host(), member.port()) ? Optional.of("serving") : Optional.empty();
        }
        AtomicLong lastServing = new AtomicLong();
        return () -> {
            if (!Ports.isListening(settings.host(), member.port())) {
                return Optional.empty();
            }
            try (Connection connection = ConnectionFactory.createConnection(probeConfiguration(settings));
                    Admin admin = connection.getAdmin()) {
                Optional<ServerName> live = admin
                        .getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS))
                        .getLiveServerMetrics()
                        .keySet()
                        .stream()
                        .filter(server -> server.getPort() == member.port()
                                && server.getHostname().equals(settings.host()))
                        .filter(server -> server.getStartcode() > lastServing.get())
                        .findFirst();
                live.ifPresent(server -> lastServing.set(server.getStartcode()));
                return live.map(ServerName::toString);
            }
        };
    }

    private static Configuration probeConfiguration(Settings settings) {
        Configuration conf = clientConfiguration(settings);
        conf.setInt("hbase.client.retries.number", 1);
        conf.setInt("hbase.client.pause", 100);
        conf.setInt("hbase.rpc.timeout", 3_000);
        conf.setInt("hbase.client.operation.timeout", 5_000);
        conf.setInt("hbase.client.meta.operation.timeout", 5_000);
        conf.setInt("zookeeper.recovery.retry", 1);
        conf.setInt("zookeeper.recovery.retry.intervalmill", 200);
        conf.setInt("zookeeper.session.timeout", 5_000);
        return conf;
    }

    private static Configuration clientConfiguration(Settings settings) {
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", settings.host());
        conf.setInt("hbase.zookeeper.property.clientPort", settings.zookeeperPort());
        return conf;
    }

    /**
     * What every process of this HBase reads from its {@code hbase-site.xml}: the local file system, every file
     * under {@code dataDir}, loopback only, no web UIs.
     */
    private static Map<String, String> siteProperties(Settings settings) {
        Path data = settings.dataDir();
        Map<String, String> site = new LinkedHashMap<>();
        site.put("hbase.cluster.distributed", Boolean.toString(settings.cluster()));
        site.put("hbase.rootdir", rootDir(settings).toString());
        site.put("hbase.tmp.dir", data.resolve("tmp").toString());
        site.put("hadoop.tmp.dir", data.resolve("tmp").resolve("hadoop").toString());
        site.put("hbase.fs.tmp.dir", data.resolve("tmp").resolve("staging").toString());
        site.put("hbase.zookeeper.quorum", settings.host());
        site.put("hbase.zookeeper.property.clientPort", Integer.toString(settings.zookeeperPort()));
        site.put("hbase.zookeeper.property.clientPortAddress", settings.host());
        site.put("hbase.zookeeper.property.dataDir", data.resolve("zookeeper").toString());
        // Standalone mode would otherwise put master and region server on random ports.
        site.put("hbase.localcluster.assign.random.ports", "false");
        site.put("hbase.master.port", Integer.toString(settings.masterPort()));
        site.put("hbase.regionserver.port", Integer.toString(settings.regionServerPort()));
        site.put("hbase.master.hostname", settings.host());
        site.put("hbase.regionserver.hostname", settings.host());
        site.put("hbase.master.ipc.address", settings.host());
        site.put("hbase.regionserver.ipc.address", settings.host());
        site.put("hbase.master.info.port", "-1");
        site.put("hbase.regionserver.info.port", "-1");
        // The local file system cannot hflush/hsync; HBase refuses to write its WAL there unless told not to check.
        site.put("hbase.unsafe.stream.capability.enforce", "false");
        // One small JVM holds master, region server and ZooKeeper, with a few hundred mostly idle
        // regions (every table is pre-split): without this, each region's memstore takes 2 MB
        // chunks (MSLAB) and, with the default 40 % block cache, a 1 GB heap ran out under tests.
        site.put("hbase.hregion.memstore.mslab.enabled", "false");
        site.put("hfile.block.cache.size", "0.2");
        if (settings.cluster()) {
            // How long a region server that died unseen (kill -9) still counts as live, its regions unserved: the
            // master learns of the death when the server's ZooKeeper session expires (HBase's default is 90 s).
            site.put("zookeeper.session.timeout", Long.toString(CLUSTER_SESSION_TIMEOUT.toMillis()));
        }
        return site;
    }

    private static void writeConfig(Map<String, String> site, Path conf) {
        Configuration configuration = new Configuration(false);
        site.forEach(configuration::set);
        try {
            Files.createDirectories(conf);
            try (OutputStream out = Files.newOutputStream(conf.resolve("hbase-site.xml"))) {
                configuration.writeXml(out);
            }
            Files.writeString(conf.resolve("log4j.properties"), LOG4J_PROPERTIES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the HBase configuration under " + conf, e);
        }
    }

    /** Where this HBase keeps its tables, snapshots and archive: its {@code hbase.rootdir}. */
    public URI rootDir() {
        return rootDir(settings);
    }

    private static URI rootDir(Settings settings) {
        return settings.dataDir().resolve("hbase").toUri();
    }

    /**
     * Copies {@code snapshots} with HBase's ExportSnapshot, from the root directory {@code from} (an HBase's
     * {@code hbase.rootdir}, or a directory an export wrote) to {@code to}, one after another in one JVM of its own
     * on the server's classpath and configuration ({@value #EXPORT_SNAPSHOTS}, which the hbase-tables module builds);
     * its output goes to {@code logs/export-snapshot.log}.
     */
    public void exportSnapshots(List<String> snapshots, URI from, URI to, Duration timeout) {
        Path conf = settings.dataDir().resolve("conf");
        Path tools = settings.dataDir().resolve("tools");
        copyClassTo(EXPORT_SNAPSHOTS, tools);
        // The local file system offers no file checksum (HDFS and S3 do), so ExportSnapshot would call every copy a
        // mismatch: between two local directories it checks each file's name and length instead.
        boolean checksums = !("file".equals(from.getScheme()) && "file".equals(to.getScheme()));
        List<String> arguments = new ArrayList<>(List.of(from.toString(), to.toString(), Boolean.toString(checksums)));
        arguments.addAll(snapshots);
        List<String> jvmOptions = new ArrayList<>(List.of(
                "-Xmx512m",
                "-Djava.net.preferIPv4Stack=true",
                "-Dlog4j.configuration=" + conf.resolve("log4j.properties").toUri()));
        jvmOptions.addAll(JAVA17_OPTIONS);
        new StoreTool(
                        "HBase's ExportSnapshot",
                        StoreClasspath.load(CLASSPATH_RESOURCE),
                        List.of(conf, tools),
                        jvmOptions,
                        EXPORT_SNAPSHOTS,
                        settings.dataDir().resolve("logs").resolve("export-snapshot.log"))
                .run(arguments, timeout);
    }

    /**
     * Writes a class of ours that runs on the server's classpath into {@code directory}, from wherever our own
     * classpath holds it (the service's jar, or hbase-tables' classes in a build): that classpath is never the
     * tool's, whose dependencies clash with ours.
     */
    private static void copyClassTo(String className, Path directory) {
        String resource = className.replace('.', '/') + ".class";
        try (InputStream in = LocalHBase.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new LocalStoreException(resource + " is not on the classpath: " + StoreClasspath.BUILD_HINT);
            }
            Path file = directory.resolve(resource);
            Files.createDirectories(file.getParent());
            Files.write(file, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + resource + " under " + directory, e);
        }
    }

    /** A fresh client configuration pointing at this HBase's ZooKeeper. */
    public Configuration clientConfiguration() {
        return clientConfiguration(settings);
    }

    /** The value for {@code hbase.zookeeper.quorum}. */
    public String zookeeperQuorum() {
        return settings.host();
    }

    /** The value for {@code hbase.zookeeper.property.clientPort}. */
    public int zookeeperPort() {
        return settings.zookeeperPort();
    }

    public String version() {
        return version;
    }

    public Settings settings() {
        return settings;
    }
}
