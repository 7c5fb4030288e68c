package dev.widefeed.backup;

import java.util.function.Consumer;

/**
 * A backup of every table of one backend's keyspace or namespace, made with the store's own tools (Cassandra's
 * snapshots, HBase's snapshots and ExportSnapshot), and its restore into an empty one. Closing it closes its
 * connection, not the store.
 */
public interface StoreBackup extends AutoCloseable {

    /**
     * Copies every table into {@code directory}, in {@link BackupOrder}, while the service may go on writing: every
     * write acknowledged before this call began is in the copy. Writes the manifest last, so a directory without one
     * is not a backup.
     *
     * @param progress one line per table copied
     */
    BackupManifest backUp(BackupDirectory directory, Consumer<String> progress);

    /**
     * Loads a backup's tables into this store, whose schema is applied and whose tables are empty (a restore is into
     * a fresh data directory or cluster; merging into live data would bring deleted rows back).
     *
     * @throws BackupException when the store already holds rows, or the backup is of another backend or of a newer
     *     schema
     */
    RestoreSummary restore(BackupDirectory directory, Consumer<String> progress);

    @Override
    void close();
}
