package dev.widefeed.backup;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A backup on disk:
 *
 * <pre>
 * DIR/manifest.json       what it holds ({@link BackupManifest}); written last
 * DIR/cassandra/TABLE/    a table's snapshot: its SSTables (Cassandra)
 * DIR/hbase/              the exported snapshots, one per table, as ExportSnapshot lays them out (HBase)
 * </pre>
 *
 * A backup is made into an empty or new directory, and never written over.
 */
public final class BackupDirectory {
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);
    private static final String MANIFEST = "manifest.json";

    private final Path root;

    public BackupDirectory(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** Where one backend's files lie. */
    public Path of(String backend) {
        return root.resolve(backend);
    }

    /** Refuses a directory that holds anything: a backup never mixes with another's files. */
    public void requireEmpty() {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> entries = Files.list(root)) {
            if (entries.findAny().isPresent()) {
                throw new BackupException(root + " is not empty: back up into a new directory");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }

    public Optional<BackupManifest> manifest() {
        Path file = root.resolve(MANIFEST);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), BackupManifest.class));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The manifest, or why this directory cannot be restored from. */
    public BackupManifest requireManifest() {
        return manifest()
                .orElseThrow(() -> new BackupException(
                        root + " holds no " + MANIFEST + ": not a backup, or one that did not finish"));
    }

    /** Writes the manifest atomically (a reader sees none or all of it). */
    public void writeManifest(BackupManifest manifest) {
        Path file = root.resolve(MANIFEST);
        Path beside = root.resolve("." + MANIFEST + ".tmp");
        try {
            Files.createDirectories(root);
            JSON.writeValue(beside.toFile(), manifest);
            Files.move(beside, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
