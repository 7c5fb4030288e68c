package dev.widefeed.localstore;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store runs in its own JVM because its dependencies (Guava, Netty, Jetty, logging) clash with Dropwizard's, and
 * because a real server process behaves like production where an in-memory fake would not. This class owns that
 * child: its command line, its log file (the only place a failed start can be explained), knowing when it really
 * serves clients, and stopping it. It registers no shutdown hook: whoever starts a store decides when it stops.
 * A store adopted from a service that died without stopping it ({@link LaunchRecord}) is not a child of this JVM:
 * it is watched, and stopped, through its process handle, and its exit code cannot be known.
 */
final class LocalStoreProcess implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LocalStoreProcess.class);
    private static final int LOG_TAIL_LINES = 40;
    private static final int LOG_TAIL_BYTES = 64 * 1024;
    private static final Duration PROBE_INTERVAL = Duration.ofMillis(250);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** What {@link #waitFor()} answers for an adopted store, whose exit code only its dead parent could have read. */
    static final int UNKNOWN_EXIT = -1;

    /**
     * What to run. {@code ports} maps a role ("native", "storage", ...) to a port the child must bind on
     * {@code host}; they are checked after a failed start to name the port another process held. {@code stop} is
     * how the store asks to be stopped when SIGTERM is not its best way ({@link StopRequest#SIGTERM}: it is).
     */
    record Launch(
            String store,
            String version,
            String endpoint,
            StoreClasspath classpath,
            List<Path> classpathPrefix,
            List<String> jvmOptions,
            String mainClass,
            List<String> arguments,
            Path workDir,
            Path logFile,
            String host,
            Map<String, Integer> ports,
            StopRequest stop) {}

    /** A store's own way of being asked to stop, tried before SIGTERM. */
    @FunctionalInterface
    interface StopRequest {
        /** None: SIGTERM, which runs the store's shutdown hooks, is how it stops. */
        StopRequest SIGTERM = () -> false;

        /** Asks the store to stop; true when it took the request, so that its exit is awaited before any signal. */
        boolean send() throws Exception;
    }

    /** One readiness check: empty while the store does not serve clients yet, a value describing it once it does. */
    @FunctionalInterface
    interface Probe<T> {
        Optional<T> attempt() throws Exception;
    }

    private final Launch launch;
    private final ProcessHandle handle;
    /** The child as started here; null for an adopted store. */
    private final Process process;

    private final long startedNanos;

    private LocalStoreProcess(Launch launch, ProcessHandle handle, Process process, long startedNanos) {
        this.launch = launch;
        this.handle = handle;
        this.process = process;
        this.startedNanos = startedNanos;
    }

    /** A store this JVM did not start but takes over, as {@code launch} would have started it. */
    static LocalStoreProcess adopt(Launch launch, ProcessHandle running) {
        return new LocalStoreProcess(launch, running, null, System.nanoTime());
    }

    /** Starts the child with a fresh log file. */
    static LocalStoreProcess launch(Launch launch) {
        return launch(launch, Redirect.to(launch.logFile().toFile()));
    }

    /**
     * Starts the child again after it died, appending to its log: the previous run's last lines are what explains
     * the death, so they stay, under a line that says why a new run starts below them.
     */
    static LocalStoreProcess relaunch(Launch launch, String why) {
        try {
            Files.createDirectories(launch.logFile().getParent());
            Files.writeString(
                    launch.logFile(),
                    "\n=== " + Instant.now() + " widefeed starts " + launch.store() + " again: " + why + " ===\n\n",
                    UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            LOG.warn("cannot mark the restart in {}: {}", launch.logFile(), e.toString());
        }
        return launch(launch, Redirect.appendTo(launch.logFile().toFile()));
    }

    private static LocalStoreProcess launch(Launch launch, Redirect log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(launch.jvmOptions());
        command.add("-cp");
        command.add(Stream.concat(launch.classpathPrefix().stream(), launch.classpath().jars().stream())
                .map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator)));
        command.add(launch.mainClass());
        command.addAll(launch.arguments());
        try {
            Files.createDirectories(launch.workDir());
            Files.createDirectories(launch.logFile().getParent());
            LOG.info(
                    "starting {} {} at {} (log: {})",
                    launch.store(),
                    launch.version(),
                    launch.endpoint(),
                    launch.logFile());
            long startedNanos = System.nanoTime();
            Process process = new ProcessBuilder(command)
                    .directory(launch.workDir().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log)
                    .start();
            process.getOutputStream().close();
            return new LocalStoreProcess(launch, process.toHandle(), process, startedNanos);
        } catch (IOException e) {
            throw new LocalStoreException("cannot start " + launch.store() + " (" + command.get(0) + "): " + e, e);
        }
    }

    /**
     * Waits until {@code probe} sees the store serving clients. On a crash or a timeout the child is stopped and
     * the exception names the reason, any port another process held, and the tail of the child's log.
     */
    <T> T awaitReady(Duration timeout, Probe<T> probe) {
        AtomicReference<Exception> lastProbeFailure = new AtomicReference<>();
        try {
            Optional<T> ready = poll(timeout, probe, handle::isAlive, lastProbeFailure);
            if (ready.isPresent()) {
                LOG.info(
                        "{} {} ready at {} after {} ms (pid {})",
                        launch.store(),
                        launch.version(),
                        launch.endpoint(),
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos),
                        handle.pid());
                return ready.get();
            }
            String reason = handle.isAlive()
                    ? launch.store() + " was not ready after " + timeout.toSeconds() + " s"
                    : launch.store() + " exited with code " + exitCode() + " during startup";
            throw failure(reason, lastProbeFailure.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("interrupted while waiting for " + launch.store() + " to start", e);
        } catch (RuntimeException | Error e) {
            close(); // never leave a child behind that nobody will stop
            throw e;
        }
    }

    /**
     * The exit code of a child seen dead. Its handle can say so a moment before the JVM has reaped it (then
     * {@code exitValue} throws), so the exit is waited for, briefly.
     */
    private String exitCode() throws InterruptedException {
        if (process == null || !process.waitFor(10, TimeUnit.SECONDS)) {
            return "unknown";
        }
        return Integer.toString(process.exitValue());
    }

    /** Waits for a store this JVM did not start (one already listening) to answer {@code probe}. */
    static <T> T awaitExternal(String description, Duration timeout, Probe<T> probe) {
        AtomicReference<Exception> lastProbeFailure = new AtomicReference<>();
        try {
            return poll(timeout, probe, () -> true, lastProbeFailure)
                    .orElseThrow(() -> new LocalStoreException(
                            description + " did not answer within " + timeout.toSeconds() + " s"
                                    + Optional.ofNullable(lastProbeFailure.get())
                                            .map(e -> ": " + e)
                                            .orElse(""),
                            lastProbeFailure.get()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalStoreException("interrupted while waiting for " + description, e);
        }
    }

    private static <T> Optional<T> poll(
            Duration timeout, Probe<T> probe, BooleanSupplier alive, AtomicReference<Exception> lastFailure)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (alive.getAsBoolean()) {
            try {
                Optional<T> ready = probe.attempt();
                if (ready.isPresent()) {
                    return ready;
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                lastFailure.set(e);
            }
            if (System.nanoTime() - deadline > 0) {
                break;
            }
            Thread.sleep(PROBE_INTERVAL.toMillis());
        }
        return Optional.empty();
    }

    private LocalStoreException failure(String reason, Exception cause) {
        close();
        StringBuilder message = new StringBuilder(reason);
        launch.ports().forEach((role, port) -> {
            if (Ports.isListening(launch.host(), port)) {
                message.append("; ")
                        .append(role)
                        .append(" port ")
                        .append(launch.host())
                        .append(':')
                        .append(port)
                        .append(" is in use by another process");
            }
        });
        if (cause != null) {
            message.append("; last readiness check: ").append(cause);
        }
        message.append("\n--- last ")
                .append(LOG_TAIL_LINES)
                .append(" lines of ")
                .append(launch.logFile())
                .append(" ---\n")
                .append(logTail());
        return new LocalStoreException(message.toString(), cause);
    }

    /** The last lines of the log, read from its end: a log appended to across restarts may have grown large. */
    String logTail() {
        return logTail(launch.logFile());
    }

    /** The same for any log a store's process wrote. */
    static String logTail(Path logFile) {
        try (SeekableByteChannel channel = Files.newByteChannel(logFile)) {
            long size = channel.size();
            ByteBuffer end = ByteBuffer.allocate((int) Math.min(size, LOG_TAIL_BYTES));
            channel.position(size - end.capacity());
            while (end.hasRemaining() && channel.read(end) >= 0) {
                // read on until the buffer is full
            }
            List<String> lines =
                    new String(end.array(), 0, end.position(), UTF_8).lines().toList();
            if (end.capacity() < size && !lines.isEmpty()) {
                lines = lines.subList(1, lines.size()); // the first is cut
            }
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(cannot read the log: " + e + ")";
        }
    }

    Launch launch() {
        return launch;
    }

    Path logFile() {
        return launch.logFile();
    }

    long pid() {
        return handle.pid();
    }

    ProcessHandle handle() {
        return handle;
    }

    /**
     * Waits until the store exits, whoever ended it; its exit code, or {@link #UNKNOWN_EXIT} for an adopted store
     * (whose end is seen a few seconds late: the JDK polls a process that is not its child).
     */
    int waitFor() throws InterruptedException {
        if (process != null) {
            return process.waitFor();
        }
        try {
            handle.onExit().get();
            return UNKNOWN_EXIT;
        } catch (ExecutionException e) {
            throw new IllegalStateException("waiting for " + launch.store() + " (pid " + handle.pid() + ")", e);
        }
    }

    /** Whether the store took its own stop request; one it refused or could not take is stopped with SIGTERM. */
    private boolean stopRequested() {
        try {
            return launch.stop().send();
        } catch (Exception e) {
            LOG.info(
                    "{} (pid {}) did not take a stop request ({}): SIGTERM",
                    launch.store(),
                    handle.pid(),
                    e.toString());
            return false;
        }
    }

    /** Whether the store ended within {@code timeout}. */
    private boolean exitsWithin(Duration timeout) throws InterruptedException {
        if (process != null) {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        try {
            handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !handle.isAlive();
        }
    }

    /**
     * Stops the child as a server wants to be stopped (SIGTERM: flush and close), killing it only if it hangs.
     * Synchronized: the supervisor's close and a failed start's own cleanup may stop one child at once, and the
     * second must return only once it is down, without killing it halfway through the first's graceful stop.
     */
    @Override
    public synchronized void close() {
        if (!handle.isAlive()) {
            return;
        }
        long stopping = System.nanoTime();
        try {
            if (!stopRequested() || !exitsWithin(STOP_TIMEOUT)) {
                handle.destroy();
                if (!exitsWithin(STOP_TIMEOUT)) {
                    LOG.warn(
                            "{} (pid {}) did not stop within {} s, killing it",
                            launch.store(),
                            handle.pid(),
                            STOP_TIMEOUT.toSeconds());
                    handle.destroyForcibly();
                    exitsWithin(STOP_TIMEOUT);
                }
            }
        } catch (InterruptedException e) {
            handle.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        LOG.info(
                "stopped {} (pid {}) in {} ms",
                launch.store(),
                handle.pid(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopping));
    }
}
