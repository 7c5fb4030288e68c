package dev.widefeed.export;

/**
 * What a running export tells whoever watches it. Coverage is each split's share of its key
 * space read, so an export's progress (and its time to go) is known without counting rows first.
 */
public interface ExportProgress {

    /** The export starts, as {@code plan} says. */
    void started(ExportPlan plan);

    /** A split starts; {@code rows} already exported by it, {@code done} when it had finished before (and is all read). */
    void resumed(long rows, boolean done);

    /** {@code rows} more rows read; the split's coverage grew by {@code covered} (0..1). */
    void read(int rows, double covered);

    /** A split has ended; the rest of its coverage, {@code covered}, is now read too. */
    void splitDone(double covered);

    /** A page read failed for a moment and is tried again. */
    void retrying(String table, String split, RuntimeException cause);

    /** The export has stopped, finished or not. */
    void stopped();
}
