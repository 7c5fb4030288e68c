package dev.widefeed.export;

import java.time.Instant;
import java.util.List;

/**
 * What a finished export holds, written beside it as {@code manifest.json}: per table its rows,
 * columns and key, and every part file with its rows and checksum, so a reader can check that it
 * has all of it and that nothing changed on the way.
 */
public record ExportManifest(
        String backend,
        String format,
        String readSettings,
        Instant startedAt,
        Instant finishedAt,
        long rows,
        List<TableEntry> tables) {

    public record TableEntry(
            String table,
            long rows,
            List<TableShape.Column> columns,
            List<String> key,
            int splits,
            List<SplitCheckpoint.Part> files) {
        public TableEntry {
            columns = List.copyOf(columns);
            key = List.copyOf(key);
            files = List.copyOf(files);
        }
    }

    public ExportManifest {
        tables = List.copyOf(tables);
    }
}
