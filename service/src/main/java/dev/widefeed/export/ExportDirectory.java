package dev.widefeed.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where an export keeps everything, and how it writes so that a crash at any instant leaves
 * either the old file or the new one: write beside, flush to disk, rename over.
 * <pre>
 * DIR/export.json                          the plan
 * DIR/manifest.json                        written last, when every split is done
 * DIR/TABLE/SPLIT-PART.EXT                 the rows
 * DIR/TABLE/_checkpoints/SPLIT.json        each split's progress
 * </pre>
 * Readers (Spark, DuckDB, pandas) take {@code DIR/TABLE/*.EXT} and skip names starting with
 * {@code _} or {@code .}, which is where the checkpoints and unfinished files live.
 */
public final class ExportDirectory {
    static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private final Path root;

    public ExportDirectory(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path planFile() {
        return root.resolve("export.json");
    }

    public Path manifestFile() {
        return root.resolve("manifest.json");
    }

    public Path tableDir(String table) {
        return root.resolve(table);
    }

    Path checkpointFile(String table, String split) {
        return tableDir(table).resolve("_checkpoints").resolve(split + ".json");
    }

    /** The part file's name relative to the root, as checkpoints and the manifest name it. */
    static String partName(String table, String split, int part, String extension) {
        return table + "/" + split + "-" + String.format("%05d", part) + "." + extension;
    }

    /** Where a part is written before it is whole: hidden from readers. */
    Path unfinished(String partName) {
        Path finished = root.resolve(partName);
        return finished.resolveSibling("." + finished.getFileName() + ".tmp");
    }

    public Optional<ExportPlan> readPlan() {
        return read(planFile(), ExportPlan.class);
    }

    void writePlan(ExportPlan plan) {
        write(planFile(), plan);
    }

    public Optional<ExportManifest> readManifest() {
        return read(manifestFile(), ExportManifest.class);
    }

    void writeManifest(ExportManifest manifest) {
        write(manifestFile(), manifest);
    }

    Optional<SplitCheckpoint> readCheckpoint(String table, String split) {
        return read(checkpointFile(table, split), SplitCheckpoint.class);
    }

    void writeCheckpoint(String table, SplitCheckpoint checkpoint) {
        write(checkpointFile(table, checkpoint.split()), checkpoint);
    }

    /**
     * Deletes what a crash left of {@code split}: files not finished, and finished files that
     * {@code checkpoint} does not name (their rows will be written again).
     */
    void clearLeftovers(String table, String split, SplitCheckpoint checkpoint) {
        Path dir = tableDir(table);
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                boolean unfinished = name.startsWith("." + split + "-") && name.endsWith(".tmp");
                boolean unnamed = name.startsWith(split + "-")
                        && checkpoint.parts().stream()
                                .noneMatch(p -> root.resolve(p.file()).equals(file));
                if (unfinished || unnamed) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Moves a whole part file into place, durably. */
    void finish(Path unfinished, String partName) throws IOException {
        force(unfinished);
        Path finished = root.resolve(partName);
        Files.move(unfinished, finished, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        force(finished.getParent());
    }

    private <T> Optional<T> read(Path file, Class<T> type) {
        try {
            return Optional.of(JSON.readValue(file.toFile(), type));
        } catch (NoSuchFileException | FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void write(Path file, Object value) {
        try {
            Files.createDirectories(file.getParent());
            Path beside = file.resolveSibling("." + file.getFileName() + ".tmp");
            JSON.writeValue(beside.toFile(), value);
            force(beside);
            Files.move(beside, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            force(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Flushes a file, or a directory's entries, to disk. */
    private static void force(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
