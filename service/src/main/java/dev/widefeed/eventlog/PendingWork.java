package dev.widefeed.eventlog;

/**
 * An entry's work, opened and not done, waiting for its turn in a pass.
 *
 * @param hint whether the entry is a hint held in memory here rather than one read from the store
 */
record PendingWork(LogEntry entry, LogHandler handler, LogHandler.Work work, boolean hint) {
    PendingWork(LogEntry entry, LogHandler handler, LogHandler.Work work) {
        this(entry, handler, work, false);
    }
}
