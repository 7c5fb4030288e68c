package dev.widefeed.localstore;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which process serves a data directory, and which JVM launched it, kept beside the data. A service killed with
 * -9 (or by the out-of-memory killer) leaves the store it launched running, with nobody to start it again if it
 * dies; the next service started on the same data directory finds it here and adopts it instead of using it
 * unsupervised. Only an orphan is adopted: a store whose launcher still runs (another service on the same data, a
 * test JVM's own store) or one started by someone else (no record, or a record of another process) is reused and
 * left to whoever runs it. A process is named by its pid and its start time, so a pid the system gave to another
 * process since is never mistaken for it.
 */
final class LaunchRecord {
    private static final Logger LOG = LoggerFactory.getLogger(LaunchRecord.class);
    static final String FILE = "store-process.properties";

    /** A process as recorded: pid and start time (as {@link ProcessHandle.Info#startInstant()} gives it). */
    record Recorded(long pid, Instant started) {
        static Optional<Recorded> of(ProcessHandle process) {
            return process.info().startInstant().map(started -> new Recorded(process.pid(), started));
        }

        /** The process, if it still runs and is the one recorded. */
        Optional<ProcessHandle> running() {
            return ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().startInstant().map(started::equals).orElse(false));
        }
    }

    private LaunchRecord() {}

    /** Records {@code store} as the data directory's store process, launched (or adopted) by this JVM. */
    static void write(Path dataDir, ProcessHandle store) {
        Optional<Recorded> recordedStore = Recorded.of(store);
        Optional<Recorded> launcher = Recorded.of(ProcessHandle.current());
        if (recordedStore.isEmpty() || launcher.isEmpty()) {
            LOG.warn("this system does not tell when processes started; a store left running by a service that was "
                    + "killed cannot be adopted by the next one");
            return;
        }
        Properties properties = new Properties();
        properties.setProperty("store.pid", Long.toString(recordedStore.get().pid()));
        properties.setProperty("store.started", recordedStore.get().started().toString());
        properties.setProperty("launcher.pid", Long.toString(launcher.get().pid()));
        properties.setProperty("launcher.started", launcher.get().started().toString());
        Path file = dataDir.resolve(FILE);
        Path written = dataDir.resolve(FILE + ".new");
        try {
            Files.createDirectories(dataDir);
            try (Writer out = Files.newBufferedWriter(written, StandardCharsets.UTF_8)) {
                properties.store(out, "the store process serving this directory, and the JVM that supervises it");
            }
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("cannot record the store process in {}: {}", file, e.toString());
        }
    }

    /** The store process recorded in {@code dataDir}, if it still runs and the JVM that launched it does not. */
    static Optional<ProcessHandle> orphanIn(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
            Recorded store = recorded(properties, "store");
            Recorded launcher = recorded(properties, "launcher");
            return launcher.running().isPresent() ? Optional.empty() : store.running();
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "cannot read the store process recorded in {} ({}); a store running there is reused as it is",
                    file,
                    e.toString());
            return Optional.empty();
        }
    }

    private static Recorded recorded(Properties properties, String who) {
        return new Recorded(
                Long.parseLong(Objects.requireNonNull(properties.getProperty(who + ".pid"), who + ".pid")),
                Instant.parse(Objects.requireNonNull(properties.getProperty(who + ".started"), who + ".started")));
    }
}
