package dev.widefeed.drills.harness;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.restclient.Reply;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The service as the README starts it ({@code java -jar service/target/widefeed-service.jar server config.yml}), on
 * the embedded store it launches itself. The drill's ports and data directory go in through the environment
 * variables config.yml reads (and {@code dw.} overrides for the two HBase ports it does not name), so a developer's
 * running service is left alone. The store is the service's child process: found, killed and frozen through the
 * operating system, as an operator would.
 */
public final class ServiceRun implements AutoCloseable {
    /** A system property of the drills' JVM: options for the service's JVM (see {@link #javaCommand}). */
    static final String SERVICE_JVM_OPTIONS = "widefeed.drills.serviceJvmOptions";
    /** What a drill runs: the jar and configuration file, where data goes, which backend, the first of its ports. */
    public record Layout(Path jar, Path config, Path dataDir, String backend, int port) {
        int adminPort() {
            return port + 1;
        }

        public int storePort() {
            return port + 62; // Cassandra's native port, or HBase's ZooKeeper port
        }

        /** Cassandra's storage (internode) port. */
        public int storagePort() {
            return port + 64;
        }

        /** Cassandra's first JMX port (node n of a cluster: this plus n - 1). */
        public int jmxPort() {
            return port + 66;
        }
    }

    private final Layout layout;
    private final Map<String, String> settings;
    private final Api api;
    private final String tokenSecret = HexFormat.of().formatHex(new SecureRandom().generateSeed(24));
    private Process process;
    /** Stops the service and its store if the drill itself is stopped (a signal) before {@link #close}. */
    private Thread stopOnExit;
    /** Every store process a gauge showed, the ones started again after a kill too. */
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();

    public ServiceRun(Layout layout) {
        this(layout, Map.of());
    }

    /** @param settings variables config.yml reads, over the drill's own (a cluster's CASSANDRA_NODES ...) */
    ServiceRun(Layout layout, Map<String, String> settings) {
        this.layout = layout;
        this.settings = Map.copyOf(settings);
        this.api = new Api(layout.port(), layout.adminPort());
    }

    /** The service's process id (while it runs). */
    public long pid() {
        return process.pid();
    }

    public Api api() {
        return api;
    }

    public Layout layout() {
        return layout;
    }

    public Path storeDataDir() {
        return layout.dataDir().resolve(layout.backend());
    }

    public Path log() {
        return layout.dataDir().resolve("service.log");
    }

    /**
     * Starts the service (and through it the store) and waits until it is healthy. Started again after {@link #kill},
     * the service finds the store its first run left behind and uses it.
     */
    public void start(Duration within) throws IOException, InterruptedException {
        Files.createDirectories(layout.dataDir());
        for (int port : new int[] {layout.port(), layout.adminPort()}) {
            if (!free(port)) {
                // A service already answering there would pass the health check in this one's place.
                throw new IllegalStateException("port " + port + " is in use (a service an earlier drill left "
                        + "running?); stop it, or give --port another first port");
            }
        }
        if (stopOnExit == null) {
            stopOnExit = new Thread(this::stopQuietly, "drill-service-stop");
            Runtime.getRuntime().addShutdownHook(stopOnExit); // a drill stopped by a signal stops its service too
        }
        ProcessBuilder builder = new ProcessBuilder(javaCommand("server"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
        builder.environment().putAll(environment());
        process = builder.start();
        awaitHealthy(within);
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private void stopQuietly() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The service jar's {@code command} with the configuration file, as the service runs it. Options in the system
     * property {@value #SERVICE_JVM_OPTIONS} (space-separated, e.g. a flight recording) go to the service's JVM only,
     * not to the store it starts, as {@code JAVA_TOOL_OPTIONS} would.
     */
    private List<String> javaCommand(String command) {
        List<String> line = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g",
                "-Ddw.storage.hbase.embedded.masterPort=" + (layout.port() + 70),
                "-Ddw.storage.hbase.embedded.regionServerPort=" + (layout.port() + 72)));
        String extra = System.getProperty(SERVICE_JVM_OPTIONS, "").trim();
        if (!extra.isEmpty() && command.equals("server")) {
            line.addAll(List.of(extra.split("\\s+")));
        }
        line.addAll(List.of(
                "-jar",
                layout.jar().toAbsolutePath().toString(),
                command,
                layout.config().toAbsolutePath().toString()));
        return line;
    }

    /**
     * Runs one of the service jar's operator commands ({@code token}, {@code export} ...) with the environment the
     * service has (its store, its token secret), as an operator on its machine would; answers what it printed on
     * stdout. Its stderr goes to {@code <data>/commands.log}.
     */
    public String command(Duration within, String command, String... arguments)
            throws IOException, InterruptedException {
        List<String> line = javaCommand(command);
        line.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(line)
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        layout.dataDir().resolve("commands.log").toFile()));
        builder.environment().putAll(environment());
        Process child = builder.start();
        child.getOutputStream().close();
        // Read while it runs: a child blocked on a full pipe would never exit.
        java.util.concurrent.CompletableFuture<String> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        if (!child.waitFor(within.toSeconds(), TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new IllegalStateException("'" + command + "' did not finish within " + within.toSeconds() + " s");
        }
        if (child.exitValue() != 0) {
            throw new IllegalStateException("'" + command + " " + String.join(" ", arguments) + "' exited with "
                    + child.exitValue() + "; see " + layout.dataDir().resolve("commands.log"));
        }
        return out.join();
    }

    /** A token for any user, minted by the service jar's {@code token} command with the service's secret. */
    public String token(String userId) throws IOException, InterruptedException {
        String[] lines = command(Duration.ofMinutes(2), "token", userId).strip().split("\\R");
        return lines[lines.length - 1].strip();
    }

    /**
     * kill -9 of the service, as a crash would end it: nothing of its shutdown runs. Its store, a child it does not
     * get to stop, keeps running (remembered here, so {@link #close} stops it).
     */
    public void kill() throws InterruptedException {
        store();
        process.destroyForcibly(); // SIGKILL
        process.waitFor();
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
        throw new IllegalStateException(
                "the service was not healthy within " + within.toSeconds() + " s; see " + log());
    }

    /**
     * The store the service launched and supervises, by the pid its {@code store.embedded.pid} gauge shows (a
     * store's command line, hundreds of jars long, is not reliably readable from the process table). Every one
     * seen is remembered: a store outlives a service killed with -9, and is stopped at {@link #close}.
     */
    public Optional<ProcessHandle> store() {
        return storeByGauge("store.embedded.pid");
    }

    /**
     * One process of a store that has several (node {@code member} of a local cluster, "node1" ...), by its own
     * {@code store.embedded.<member>.pid} gauge: the store-wide gauge shows none when there are several.
     */
    public Optional<ProcessHandle> store(String member) {
        return storeByGauge("store.embedded." + member + ".pid");
    }

    private Optional<ProcessHandle> storeByGauge(String gauge) {
        Reply metrics = api.metrics();
        JsonNode pid = metrics.body() == null
                ? null
                : metrics.body().path("gauges").path(gauge).path("value");
        if (pid != null && pid.canConvertToLong() && !pid.isNull()) {
            Optional<ProcessHandle> store = ProcessHandle.of(pid.asLong());
            store.ifPresent(seen::add);
            return store;
        }
        return Optional.empty();
    }

    /**
     * Waits until the service's health check shows {@code member} running again as another process than
     * {@code deadPid} (its supervisor's probe passed: for a Cassandra node, it answers and the others see it up and
     * normal; for an HBase region server, the master counts it live);
     * answers that moment, in seconds of {@link System#nanoTime()}.
     */
    public double awaitMemberRunning(String member, long deadPid, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode checks = healthChecks();
            JsonNode status = checks == null
                    ? null
                    : checks.path("embedded-store").path("members").path(member);
            if (status != null
                    && "running".equals(status.path("state").asText())
                    && status.path("pid").asLong(deadPid) != deadPid) {
                return System.nanoTime() / 1e9;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(
                member + " was not running again within " + within.toSeconds() + " s of its kill; see " + log());
    }

    /** SIGSTOP of the service: it sends nothing more to its store until {@link #thaw()}; the store runs on. */
    public void freeze() throws IOException, InterruptedException {
        Signals.send("STOP", process.pid());
    }

    public void thaw() throws IOException, InterruptedException {
        Signals.send("CONT", process.pid());
    }

    /** The store's admin-side state: the service's health check as JSON (status 200 healthy, 500 not). */
    public JsonNode healthChecks() {
        return api.health().body();
    }

    @Override
    public void close() throws InterruptedException {
        if (stopOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook is running or has run
            }
            stopOnExit = null;
        }
        stop();
    }

    private void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy(); // SIGTERM: the service stops its embedded store on the way out
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
        }
        // A service that died leaves its store running: it is stopped here, as an operator cleaning up would, and
        // waited for, so the next drill's store does not find this one still holding the ports.
        for (ProcessHandle store : seen.stream().filter(ProcessHandle::isAlive).toList()) {
            store.destroy();
            try {
                store.onExit().get(2, TimeUnit.MINUTES);
            } catch (ExecutionException | TimeoutException e) {
                store.destroyForcibly();
            }
        }
    }

    /** Deletes {@code dir} and all it holds, and makes it again, empty: a drill's data, or a store's lost one. */
    public static void wipe(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(dir);
    }
}
