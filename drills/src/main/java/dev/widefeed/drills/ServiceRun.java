package dev.widefeed.drills;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The service as the README starts it ({@code java -jar service/target/widefeed-service.jar server config.yml}), on
 * the embedded store it launches itself. The drill's ports and data directory go in through the environment
 * variables config.yml reads (and {@code dw.} overrides for the two HBase ports it does not name), so a developer's
 * running service is left alone. The store is the service's child process: found, killed and frozen through the
 * operating system, as an operator would.
 */
final class ServiceRun implements AutoCloseable {
    /** What a drill runs: the jar and configuration file, where data goes, which backend, the first of its ports. */
    record Layout(Path jar, Path config, Path dataDir, String backend, int port) {
        int adminPort() {
            return port + 1;
        }

        int storePort() {
            return port + 62; // Cassandra's native port, or HBase's ZooKeeper port
        }

        /** Cassandra's storage (internode) port. */
        int storagePort() {
            return port + 64;
        }

        /** Cassandra's first JMX port (node n of a cluster: this plus n - 1). */
        int jmxPort() {
            return port + 66;
        }
    }

    private final Layout layout;
    private final Map<String, String> settings;
    private final Api api;
    private final String tokenSecret = HexFormat.of().formatHex(new SecureRandom().generateSeed(24));
    private Process process;
    /** Every store process a gauge showed, the ones started again after a kill too. */
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();

    ServiceRun(Layout layout) {
        this(layout, Map.of());
    }

    /** @param settings variables config.yml reads, over the drill's own (a cluster's CASSANDRA_NODES ...) */
    ServiceRun(Layout layout, Map<String, String> settings) {
        this.layout = layout;
        this.settings = Map.copyOf(settings);
        this.api = new Api(layout.port(), layout.adminPort());
    }

    Api api() {
        return api;
    }

    Layout layout() {
        return layout;
    }

    Path storeDataDir() {
        return layout.dataDir().resolve(layout.backend());
    }

    Path log() {
        return layout.dataDir().resolve("service.log");
    }

    /** Starts the service (and through it the store) and waits until it is healthy. */
    void start(Duration within) throws IOException, InterruptedException {
        Files.createDirectories(layout.dataDir());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
                "-Ddw.storage.hbase.embedded.masterPort=" + (layout.port() + 70),
                "-Ddw.storage.hbase.embedded.regionServerPort=" + (layout.port() + 72),
                "-jar", layout.jar().toAbsolutePath().toString(), "server", layout.config().toAbsolutePath().toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
        builder.environment().putAll(environment());
        process = builder.start();
        awaitHealthy(within);
    }

    private Map<String, String> environment() {
        String store = String.valueOf(layout.storePort());
        Map<String, String> env = new TreeMap<>();
        env.put("WIDEFEED_PORT", String.valueOf(layout.port()));
        env.put("WIDEFEED_ADMIN_PORT", String.valueOf(layout.adminPort()));
        env.put("WIDEFEED_BACKEND", layout.backend());
        env.put("WIDEFEED_RATE_LIMITS", "false"); // a drill is one client at many users' rates
        env.put("WIDEFEED_TOKEN_SECRET", tokenSecret);
        env.put("CASSANDRA_DATA_DIR", storeDataDir().toAbsolutePath().toString());
        env.put("CASSANDRA_PORT", store);
        env.put("CASSANDRA_STORAGE_PORT", String.valueOf(layout.storagePort()));
        env.put("CASSANDRA_JMX_PORT", String.valueOf(layout.jmxPort()));
        env.put("CASSANDRA_CONTACT_POINTS", "127.0.0.1:" + store);
        env.put("HBASE_DATA_DIR", storeDataDir().toAbsolutePath().toString());
        env.put("HBASE_ZOOKEEPER_PORT", store);
        env.put("HBASE_ZOOKEEPER_QUORUM", "127.0.0.1:" + store);
        env.putAll(settings);
        return env;
    }

    /** Waits until the admin health check answers 200. */
    void awaitHealthy(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the service exited with " + process.exitValue() + "; see " + log());
            }
            if (api.health().status() == 200) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the service was not healthy within " + within.toSeconds() + " s; see "
                + log());
    }

    /**
     * The store the service launched and supervises, by the pid its {@code store.embedded.pid} gauge shows (a
     * store's command line, hundreds of jars long, is not reliably readable from the process table). Every one
     * seen is remembered: a store outlives a service killed with -9, and is stopped at {@link #close}.
     */
    Optional<ProcessHandle> store() {
        return storeByGauge("store.embedded.pid");
    }

    /**
     * One process of a store that has several (node {@code member} of a local cluster, "node1" ...), by its own
     * {@code store.embedded.<member>.pid} gauge: the store-wide gauge shows none when there are several.
     */
    Optional<ProcessHandle> store(String member) {
        return storeByGauge("store.embedded." + member + ".pid");
    }

    private Optional<ProcessHandle> storeByGauge(String gauge) {
        Api.Reply metrics = api.metrics();
        JsonNode pid = metrics.body() == null ? null : metrics.body().path("gauges").path(gauge).path("value");
        if (pid != null && pid.canConvertToLong() && !pid.isNull()) {
            Optional<ProcessHandle> store = ProcessHandle.of(pid.asLong());
            store.ifPresent(seen::add);
            return store;
        }
        return Optional.empty();
    }

    /** SIGSTOP of the service: it sends nothing more to its store until {@link #thaw()}; the store runs on. */
    void freeze() throws IOException, InterruptedException {
        Signals.send("STOP", process.pid());
    }

    void thaw() throws IOException, InterruptedException {
        Signals.send("CONT", process.pid());
    }

    /** The store's admin-side state: the service's health check as JSON (status 200 healthy, 500 not). */
    JsonNode healthChecks() {
        return api.health().body();
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy(); // SIGTERM: the service stops its embedded store on the way out
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
        }
        // A service that died leaves its store running: it is stopped here, as an operator cleaning up would.
        seen.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
    }
}
