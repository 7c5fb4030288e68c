package dev.widefeed.localstore;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A real store on this machine: either a child process this JVM started, which {@link #close()}
 * stops, or one that was already running there and was reused, which it leaves alone.
 */
public abstract class LocalStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LocalStore.class);
    private final LocalStoreProcess process;

    LocalStore(LocalStoreProcess process) {
        this.process = process;
    }

    /** A store that answers: what its probe reported, and its process if this JVM started it. */
    record Running<T>(T identity, LocalStoreProcess process) {
    }

    /**
     * Reuses the store already listening on {@code port} or launches one, and waits until it
     * answers {@code probe}; the data directory is locked meanwhile, so two JVMs never launch into it.
     */
    static <T> Running<T> startOrReuse(String store, Path dataDir, String host, int port, String endpoint,
                                       Duration timeout, LocalStoreProcess.Probe<T> probe,
                                       Supplier<LocalStoreProcess> launch) {
        try (DataDirLock ignored = DataDirLock.acquire(dataDir)) {
            if (Ports.isListening(host, port)) {
                T identity = LocalStoreProcess.awaitExternal("the " + store + " at " + endpoint, timeout, probe);
                LOG.info("reusing {} {} already running at {}", store, identity, endpoint);
                return new Running<>(identity, null);
            }
            LocalStoreProcess process = launch.get();
            return new Running<>(process.awaitReady(timeout, probe), process);
        }
    }

    /** False when an already running store was reused; {@link #close()} then leaves it running. */
    public boolean startedHere() {
        return process != null;
    }

    /** The store's log (stdout and stderr), if this JVM started it. */
    public Optional<Path> logFile() {
        return Optional.ofNullable(process).map(LocalStoreProcess::logFile);
    }

    /** Stops the store if this JVM started it. */
    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
    }
}
