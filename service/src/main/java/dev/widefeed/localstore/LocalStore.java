package dev.widefeed.localstore;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A real store on this machine: either a child process this JVM started, which is supervised (started again if
 * it dies) until {@link #close()} stops it, or one that was already running there and was reused, which it leaves
 * alone (to whoever runs it).
 */
public abstract class LocalStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LocalStore.class);
    private final StoreSupervisor supervisor;

    LocalStore(StoreSupervisor supervisor) {
        this.supervisor = supervisor;
    }

    /** A store that answers: what its probe reported, and its supervisor if this JVM started it. */
    record Running<T>(T identity, StoreSupervisor supervisor) {
    }

    /**
     * Reuses the store already listening on {@code port} or launches one, waits until it answers {@code probe} and
     * supervises it; the data directory is locked meanwhile, so two JVMs never launch into it.
     */
    static <T> Running<T> startOrReuse(String store, Path dataDir, String host, int port, String endpoint,
                                       Duration timeout, LocalStoreProcess.Probe<T> probe,
                                       Supplier<LocalStoreProcess.Launch> launch) {
        try (DataDirLock ignored = DataDirLock.acquire(dataDir)) {
            if (Ports.isListening(host, port)) {
                T identity = LocalStoreProcess.awaitExternal("the " + store + " at " + endpoint, timeout, probe);
                LOG.info("reusing {} {} already running at {}", store, identity, endpoint);
                return new Running<>(identity, null);
            }
            LocalStoreProcess process = LocalStoreProcess.launch(launch.get());
            T identity = process.awaitReady(timeout, probe);
            return new Running<>(identity, StoreSupervisor.watch(process,
                    new StoreSupervisor.Restart(dataDir, host, port, timeout, probe), RestartPolicy.standard()));
        }
    }

    /** False when an already running store was reused; {@link #close()} then leaves it running. */
    public boolean startedHere() {
        return supervisor != null;
    }

    /** The store's log (stdout and stderr), if this JVM started it. */
    public Optional<Path> logFile() {
        return Optional.ofNullable(supervisor).map(StoreSupervisor::logFile);
    }

    /** Where the supervision of the store stands (its pid among it), if this JVM started it. */
    public Optional<StoreStatus> status() {
        return Optional.ofNullable(supervisor).map(StoreSupervisor::status);
    }

    /** Stops supervising the store, then the store, if this JVM started it. */
    @Override
    public void close() {
        if (supervisor != null) {
            supervisor.close();
        }
    }
}
