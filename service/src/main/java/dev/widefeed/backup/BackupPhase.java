package dev.widefeed.backup;

/**
 * When a table is copied in a backup, relative to the others. A store snapshots one table at a time, so a backup is
 * not one instant: the order makes the tables agree enough that the event log and reconcile can finish the rest after
 * a restore (docs/design.md, "Backup and restore").
 */
public enum BackupPhase {
    /**
     * The copies of likes and follows, which their protocol writes after the edge's row at the edge's version:
     * copied first, so that they are never newer than the truth copied next (a copy the truth is ahead of is brought
     * forward by the post's recount or the follow journal's replay; one ahead of the truth, deleted at a newer version,
     * could not be).
     */
    EDGE_COPIES,
    /** The truth requests write. */
    TRUTH,
    /**
     * Pending work (the event log, the follow journal): written before the truth it concerns, so every truth row in
     * the backup has its entry here, or had its work done before this copy.
     */
    LOGS,
    /** What requests and the log's work derive from the truth: copied after the logs, so done work is in it. */
    DERIVED,
    /** Where other tables' rows lie (bucket directories): copied last, so every row copied before is findable. */
    DIRECTORIES
}
