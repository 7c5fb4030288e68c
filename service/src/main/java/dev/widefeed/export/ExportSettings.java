package dev.widefeed.export;

/**
 * How an export runs. {@code rowsPerSecond}: the ceiling over all splits together (0: none), so
 * an export beside live traffic takes a known share of the store; {@code threads}: splits read
 * side by side; {@code pageRows}: rows per read; {@code partRows}: rows per part file (a part is
 * also what a crash can cost to read again); {@code readAttempts}: reads of one page before a
 * store that stays unavailable stops the export.
 */
public record ExportSettings(long rowsPerSecond, int threads, int pageRows, long partRows, int readAttempts) {
    public static final ExportSettings DEFAULT = new ExportSettings(20_000, 4, 1_000, 500_000, 6);

    public ExportSettings {
        if (rowsPerSecond < 0 || threads < 1 || pageRows < 1 || partRows < 1 || readAttempts < 1) {
            throw new IllegalArgumentException("export settings out of range: rate " + rowsPerSecond + ", threads "
                    + threads + ", page " + pageRows + ", part " + partRows + ", attempts " + readAttempts);
        }
    }
}
