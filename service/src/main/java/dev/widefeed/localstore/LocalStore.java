package dev.widefeed.localstore;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A real store on this machine: either a child process this JVM started, which {@link #close()}
 * stops, or one that was already running there and was reused, which it leaves alone.
 */
public abstract class LocalStore implements AutoCloseable {
    private final LocalStoreProcess process;

    LocalStore(LocalStoreProcess process) {
        this.process = process;
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
