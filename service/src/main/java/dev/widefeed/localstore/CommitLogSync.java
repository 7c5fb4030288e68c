package dev.widefeed.localstore;

/**
 * When a local Cassandra node acknowledges a write, as its {@code commitlog_sync} says.
 */
public enum CommitLogSync {
    /**
     * Once the write's commit log entry is synced (an fsync per group of concurrent writes, about 0.3 ms on the
     * development machine): nothing acknowledged is lost when the node's process or machine dies.
     */
    BATCH("batch"),
    /**
     * At once; the log is synced every 10 s. What was written since the last sync can be lost on a kill of the
     * process alone, not only of the machine: replay reads the log only as far as a sync marked it (the store-kill
     * drill found an acknowledged follow, its journal entry and its truth row gone after a kill -9). A cluster takes
     * that risk because other replicas hold each write; a single node should not, unless no one kills it (the
     * test suite's shared store).
     */
    PERIODIC("periodic");

    private final String yaml;

    CommitLogSync(String yaml) {
        this.yaml = yaml;
    }

    /** The value of {@code commitlog_sync}. */
    String yaml() {
        return yaml;
    }
}
