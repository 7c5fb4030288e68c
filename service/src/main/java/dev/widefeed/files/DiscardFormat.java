package dev.widefeed.files;

import dev.widefeed.export.PartFormat;
import dev.widefeed.export.TableShape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads every row and writes none: an export through this format runs at the store's read
 * ceiling (the same splits, pages and threads, no files), the figure a real export's rate is
 * measured against. Its parts are empty files, so its checkpoints and manifest still count rows.
 */
public final class DiscardFormat implements PartFormat {
    @Override
    public String name() {
        return "none";
    }

    @Override
    public String extension() {
        return "none";
    }

    @Override
    public PartWriter create(Path file, TableShape shape) throws IOException {
        Files.createFile(file);
        return new PartWriter() {
            @Override
            public void write(Object[] row) {}

            @Override
            public void close() {}
        };
    }
}
