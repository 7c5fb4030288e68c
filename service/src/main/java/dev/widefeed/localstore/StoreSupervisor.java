package dev.widefeed.localstore;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a store this JVM started running: a child that dies without {@link #close()} (killed, crashed, out of
 * memory) is started again on the same data directory, after the wait {@link RestartPolicy} says, until it serves
 * or the policy gives up. The service meanwhile answers 503 and its clients reconnect by themselves once the store
 * is back, as they would to any store that came back. One thread per store watches the child; {@link #close()}
 * ends the watching before it stops the child, so a child is never started again behind it.
 */
final class StoreSupervisor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StoreSupervisor.class);
    private static final long WATCHER_STOP_MS = TimeUnit.SECONDS.toMillis(10);

    /** What starting the store again takes: its directory, the port that tells it runs, and how to know it serves. */
    record Restart(Path dataDir, String host, int port, Duration startTimeout, LocalStoreProcess.Probe<?> probe) {}

    private final LocalStoreProcess.Launch launch;
    private final Restart restart;
    private final RestartPolicy policy;
    private final Object lock = new Object();
    private final Thread watcher;
    private LocalStoreProcess child; // guarded by lock; replaced only while not closed
    private boolean closed; // guarded by lock
    private volatile StoreStatus status;
    private volatile int restarts; // written by the watcher only
    private volatile String lastExit; // written by the watcher only

    private StoreSupervisor(LocalStoreProcess child, Restart restart, RestartPolicy policy) {
        this.launch = child.launch();
        this.restart = restart;
        this.policy = policy;
        this.child = child;
        this.status = running(child);
        this.watcher = new Thread(
                this::watch,
                "supervisor-" + launch.store().toLowerCase(Locale.ROOT) + "@" + restart.host() + ":" + restart.port());
        this.watcher.setDaemon(true);
    }

    /** Watches {@code child}, which serves now. */
    static StoreSupervisor watch(LocalStoreProcess child, Restart restart, RestartPolicy policy) {
        StoreSupervisor supervisor = new StoreSupervisor(child, restart, policy);
        supervisor.watcher.start();
        return supervisor;
    }

    StoreStatus status() {
        return status;
    }

    Path logFile() {
        return launch.logFile();
    }

    private void watch() {
        try {
            LocalStoreProcess dying = current();
            long servingSince = System.nanoTime();
            while (dying != null) {
                int exitCode = dying.waitFor();
                if (isClosed()) {
                    return;
                }
                Duration served = Duration.ofNanos(System.nanoTime() - servingSince);
                lastExit = exit(exitCode) + " after " + human(served);
                Optional<Duration> delay = policy.afterDeath(served);
                LOG.error(
                        "{} {} (pid {}) in {} died: {}. {}\n--- last lines of {} ---\n{}",
                        launch.store(),
                        launch.version(),
                        dying.pid(),
                        restart.dataDir(),
                        lastExit,
                        delay.map(d -> "Starting it again in " + human(d) + " on the same data directory.")
                                .orElse(""),
                        launch.logFile(),
                        dying.logTail());
                dying = startAgain(delay);
                servingSince = System.nanoTime();
            }
        } catch (InterruptedException e) {
            // closing
        } catch (RuntimeException | Error e) {
            if (!isClosed()) {
                status = new StoreStatus(
                        StoreStatus.State.GAVE_UP,
                        OptionalLong.empty(),
                        restarts,
                        Optional.ofNullable(lastExit),
                        launch.store() + " is no longer supervised: " + e);
                LOG.error(
                        "supervising {} in {} failed; it is no longer started again if it dies",
                        launch.store(),
                        restart.dataDir(),
                        e);
            }
        }
    }

    /** Starts the store again until it serves (returned) or the policy gives up or we close (null). */
    @SuppressWarnings("NonAtomicVolatileUpdate") // restarts++: the watcher, running this, is its only writer
    private LocalStoreProcess startAgain(Optional<Duration> delay) throws InterruptedException {
        while (delay.isPresent()) {
            status = new StoreStatus(
                    StoreStatus.State.RESTARTING,
                    OptionalLong.empty(),
                    restarts,
                    Optional.of(lastExit),
                    launch.store() + " " + launch.version() + " died (" + lastExit
                            + "); starting it again in " + human(delay.get()) + ", after " + policy.failedStarts()
                            + " failed starts in a row");
            Thread.sleep(delay.get().toMillis());
            long starting = System.nanoTime();
            try {
                LocalStoreProcess started = launchAndAwait();
                if (started == null) {
                    return null;
                }
                restarts++;
                status = running(started);
                LOG.info(
                        "{} {} in {} serves again, pid {}, {} s after its start; restarted {}",
                        launch.store(),
                        launch.version(),
                        restart.dataDir(),
                        started.pid(),
                        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - starting),
                        times(restarts));
                return started;
            } catch (RuntimeException e) {
                if (isClosed()) {
                    return null;
                }
                delay = policy.afterFailedStart();
                LOG.warn(
                        "{} did not start again (failed start {} of {} in a row): {}",
                        launch.store(),
                        policy.failedStarts(),
                        policy.maxFailedStarts(),
                        e.getMessage());
            }
        }
        giveUp();
        return null;
    }

    /**
     * Under the data directory's lock, as the first start: another JVM starting a store there meanwhile must not
     * launch a second server on the same files. The child is known to {@link #close()} from its launch on, so a
     * close while it starts stops it.
     */
    private LocalStoreProcess launchAndAwait() {
        try (DataDirLock ignored = DataDirLock.acquire(restart.dataDir())) {
            if (Ports.isListening(restart.host(), restart.port())) {
                throw new LocalStoreException(restart.host() + ":" + restart.port() + " is in use by another "
                        + "process (a store started there by someone else?); not starting a second one on "
                        + restart.dataDir());
            }
            LocalStoreProcess started;
            synchronized (lock) {
                if (closed) {
                    return null;
                }
                started = LocalStoreProcess.relaunch(launch, "the previous run ended with " + lastExit);
                child = started;
            }
            LaunchRecord.write(restart.dataDir(), started.handle());
            status = new StoreStatus(
                    StoreStatus.State.RESTARTING,
                    OptionalLong.of(started.pid()),
                    restarts,
                    Optional.of(lastExit),
                    launch.store() + " " + launch.version() + " died (" + lastExit + "); starting again as pid "
                            + started.pid());
            started.awaitReady(restart.startTimeout(), restart.probe());
            return started;
        }
    }

    private void giveUp() {
        String message = launch.store() + " " + launch.version() + " gave up after " + policy.failedStarts()
                + " failed starts in a row (last: " + lastExit + "); see " + launch.logFile();
        status = new StoreStatus(
                StoreStatus.State.GAVE_UP, OptionalLong.empty(), restarts, Optional.of(lastExit), message);
        LOG.error(
                "{} {} died and did not start again after {} attempts in a row; giving up: requests answer 503 "
                        + "until it serves again. Data directory: {}. Log: {} (the cause is in its last lines, above "
                        + "each '=== ... widefeed starts {} again' mark). Fix the cause (disk full? port taken? "
                        + "heap too small?), then restart the service, which starts the store again; or start the "
                        + "store on that data directory and port yourself: the service reconnects by itself.",
                launch.store(),
                launch.version(),
                policy.failedStarts(),
                restart.dataDir(),
                launch.logFile(),
                launch.store());
    }

    private StoreStatus running(LocalStoreProcess serving) {
        return new StoreStatus(
                StoreStatus.State.RUNNING,
                OptionalLong.of(serving.pid()),
                restarts,
                Optional.ofNullable(lastExit),
                launch.store() + " " + launch.version() + " running, pid " + serving.pid() + ", restarted "
                        + times(restarts));
    }

    private LocalStoreProcess current() {
        synchronized (lock) {
            return child;
        }
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Ends supervision first, so that nothing starts the store again behind us, then stops the child: the one
     * serving, or the one starting again right now (no child is left running).
     */
    @Override
    public void close() {
        LocalStoreProcess last;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            last = child;
        }
        last.close();
        watcher.interrupt(); // out of a wait between attempts, or a readiness check of the stopped child
        try {
            watcher.join(WATCHER_STOP_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (watcher.isAlive()) {
            LOG.warn(
                    "the supervisor of {} did not end within {} ms; it starts nothing more",
                    launch.store(),
                    WATCHER_STOP_MS);
        }
        status = new StoreStatus(
                StoreStatus.State.STOPPED,
                OptionalLong.empty(),
                restarts,
                Optional.ofNullable(lastExit),
                launch.store() + " " + launch.version() + " stopped");
    }

    /** A killed process exits with 128 + the signal's number. */
    static String exit(int code) {
        if (code == LocalStoreProcess.UNKNOWN_EXIT) {
            return "exit code unknown (an adopted store: only the service that started it could read it)";
        }
        if (code > 128 && code < 160) {
            int signal = code - 128;
            return "exit code " + code + " (signal " + signal
                    + (signal == 9 ? ": kill -9, or the kernel's out-of-memory killer" : "") + ")";
        }
        return "exit code " + code;
    }

    private static String human(Duration duration) {
        if (duration.toMinutes() >= 2) {
            return duration.toMinutes() + " min";
        }
        return duration.toSeconds() + " s";
    }

    private static String times(int n) {
        return n + (n == 1 ? " time" : " times");
    }
}
