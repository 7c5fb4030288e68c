package dev.widefeed.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * The service's own jar, run as a process of its own on an embedded store it starts, so the jobs
 * are tested on tables the product really wrote. Spark's classpath (Jackson 2.15, Jersey 2) cannot
 * hold the service's, hence a process, not a dependency. One per backend per test JVM.
 */
final class ServiceProcess implements AutoCloseable {
    private static final Path JAR =
            Path.of(System.getProperty("widefeed.analytics.serviceJar", "../service/target/widefeed-service.jar"));
    /**
     * The quick compiler only, for the service and its store, which live minutes: the suite is bound by the CPU of
     * the 2-core machine it runs on, and C2 compiling for a JVM that ends before it repays is much of a start's work
     * (docs/TESTING.md, "The whole suite"). The build says which (the root pom's {@code test.jvm.compiler},
     * with {@code test.jvm.codeCache}).
     */
    static final List<String> SHORT_LIVED_JVM = Arrays.stream(
                    System.getProperty("widefeed.test.jvmCompiler", "").trim().split("\\s+"))
            .filter(option -> !option.isEmpty())
            .toList();

    private static final Path DATA = Path.of(System.getProperty("widefeed.analytics.dataDir", "target/stores"));
    private static final String CASSANDRA =
            """
            storage:
              backend: cassandra
              cassandra:
                embedded:
                  enabled: true
                  dataDir: %s
                  nativePort: 29042
                  storagePort: 27000
                  heapMb: 1024
                  jvmOptions: [%s]
                contactPoints: 127.0.0.1:29042
                keyspace: widefeed
            """.formatted(DATA.resolve("cassandra").toAbsolutePath(), String.join(", ", SHORT_LIVED_JVM));
    private static final String HBASE =
            """
            storage:
              backend: hbase
              hbase:
                embedded:
                  enabled: true
                  dataDir: %s
                  zookeeperPort: 22181
                  masterPort: 26100
                  regionServerPort: 26120
                  heapMb: 1024
                  jvmOptions: [%s]
                zookeeperQuorum: 127.0.0.1:22181
                namespace: widefeed
            """.formatted(DATA.resolve("hbase").toAbsolutePath(), String.join(", ", SHORT_LIVED_JVM));

    /** Each backend's service, once started (or failed to start): one per backend per test JVM. */
    private static final ConcurrentMap<String, CompletableFuture<ServiceProcess>> STARTED = new ConcurrentHashMap<>();

    final int port;
    /** Cassandra's native port, or HBase's ZooKeeper port. */
    final int storePort;

    private final Process process;

    private ServiceProcess(Process process, int port, int storePort) {
        this.process = process;
        this.port = port;
        this.storePort = storePort;
    }

    /** The service on an embedded Cassandra, keyspace {@code widefeed}; started once, stopped at exit. */
    static ServiceProcess cassandra() {
        return once("cassandra", () -> start("cassandra", CASSANDRA, 28080, 29042));
    }

    /** The service on an embedded standalone HBase, namespace {@code widefeed}; started once, stopped at exit. */
    static ServiceProcess hbase() {
        return once("hbase", () -> start("hbase", HBASE, 28090, 22181));
    }

    /**
     * The service named {@code name}, started by the first caller; callers for another backend meanwhile start theirs
     * beside it rather than wait (most of a start is the store's own, much of it waiting).
     */
    private static ServiceProcess once(String name, Callable<ServiceProcess> start) {
        CompletableFuture<ServiceProcess> started = STARTED.computeIfAbsent(name, n -> new CompletableFuture<>());
        synchronized (started) {
            if (!started.isDone()) {
                try {
                    ServiceProcess service = start.call();
                    Runtime.getRuntime().addShutdownHook(new Thread(service::close));
                    started.complete(service);
                } catch (Exception e) {
                    started.completeExceptionally(e);
                }
            }
        }
        return started.join();
    }

    private static ServiceProcess start(String name, String storage, int port, int storePort) throws Exception {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR + " is missing: build the service module first (mvn package)");
        }
        // A fresh store each run: what a test plants and counts is all there is.
        deleteRecursively(DATA.resolve(name));
        Files.createDirectories(DATA);
        Path config = DATA.resolve(name + ".yml");
        Files.writeString(config, """
                server:
                  applicationConnectors: [{type: http, port: %d}]
                  adminConnectors: [{type: http, port: %d}]
                  requestLog: {appenders: []}
                %s
                auth:
                  tokenSecret: analytics-test-secret-0123456789abcdefghij
                  passwordHashing: { memoryKiB: 256, iterations: 1, maxConcurrent: 8 }
                rateLimits:
                  enabled: false
                logging:
                  level: WARN
                """.formatted(port, port + 1, storage));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1g");
        command.addAll(SHORT_LIVED_JVM);
        command.addAll(List.of("-jar", JAR.toAbsolutePath().toString(), "server", config.toString()));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(DATA.resolve(name + "-service.log").toFile())
                .start();
        ServiceProcess service = new ServiceProcess(process, port, storePort);
        service.awaitHealthy(Duration.ofMinutes(6));
        return service;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    /** The admin root, where the reconcile task is. */
    URI admin() {
        return URI.create("http://127.0.0.1:" + (port + 1));
    }

    URI api(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /**
     * Waits until the service's own counter repair has nothing pending ({@code counters.dirty.pending} and
     * {@code eventlog.backlog} at 0 on three reads in a row): a counter the fill marked (a like counted late, say) is
     * recounted by the service about a minute later, and would take back drift a test plants in it meanwhile.
     */
    void awaitOwnRepairsSettled(Duration within) {
        HttpClient client = HttpClient.newHttpClient();
        ObjectMapper json = new ObjectMapper();
        // Read every 2 s: three reads in a row.
        await("the service's own counter repairs settled")
                .during(Duration.ofSeconds(4))
                .atMost(within)
                .pollInterval(Duration.ofSeconds(2))
                .until(() -> {
                    HttpResponse<String> metrics = client.send(
                            HttpRequest.newBuilder(URI.create(admin() + "/metrics"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    JsonNode gauges = json.readTree(metrics.body()).path("gauges");
                    return gauges.path("counters.dirty.pending").path("value").asLong(-1) == 0
                            && gauges.path("eventlog.backlog").path("value").asLong(-1) == 0;
                });
    }

    private void awaitHealthy(Duration within) {
        HttpClient client = HttpClient.newHttpClient();
        await("the service healthy; its log is in " + DATA)
                .atMost(within)
                .pollInterval(Duration.ofSeconds(1))
                .failFast(() -> assertThat(process.isAlive())
                        .as("the service running; its log is in %s", DATA)
                        .isTrue())
                .ignoreExceptionsInstanceOf(IOException.class) // not listening yet
                .until(() -> client.send(
                                        HttpRequest.newBuilder(
                                                        URI.create("http://127.0.0.1:" + (port + 1) + "/healthcheck"))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200);
    }

    @Override
    public void close() {
        process.destroy(); // SIGTERM: the service stops its embedded store on the way out
        try {
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
