package dev.widefeed.backup;

import java.time.Instant;
import java.util.List;

/**
 * What a backup holds ({@code manifest.json}).
 *
 * @param backend       the backend it was taken from, and the only one it restores into
 * @param schemaVersion the schema version applied when it was taken; it restores into that version or a later one
 * @param startedAt     the backup point: every write acknowledged before it is in the backup
 * @param finishedAt    when the last table was copied
 * @param tables        each table, in the order copied
 */
public record BackupManifest(
        String backend, int schemaVersion, Instant startedAt, Instant finishedAt, List<TableCopy> tables) {

    /**
     * One table's copy.
     *
     * @param copiedAt when its snapshot was taken
     * @param files    the files of the copy
     * @param bytes    their size
     */
    public record TableCopy(String table, BackupPhase phase, Instant copiedAt, int files, long bytes) {}

    public long bytes() {
        return tables.stream().mapToLong(TableCopy::bytes).sum();
    }

    public int files() {
        return tables.stream().mapToInt(TableCopy::files).sum();
    }
}
