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

    /**
     * Refuses a restore of this backup into {@code backend} at schema {@code liveVersion}: it restores into its own
     * backend only, at its schema version or a later one (whose applier brings its tables up to date).
     */
    public void requireRestorableInto(String backend, int liveVersion, String where) {
        if (!this.backend.equals(backend)) {
            throw new BackupException("a backup of " + this.backend + " cannot be restored into " + backend);
        }
        if (liveVersion < schemaVersion) {
            throw new BackupException("the backup is of schema version " + schemaVersion + " and " + where + " is at "
                    + liveVersion + ": restore with the build that made it, or a later one");
        }
    }

    public long bytes() {
        return tables.stream().mapToLong(TableCopy::bytes).sum();
    }

    public int files() {
        return tables.stream().mapToInt(TableCopy::files).sum();
    }
}
