package dev.widefeed.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How far one split's export has come: the part files it has finished (each written whole,
 * checksummed and renamed into place before this checkpoint names it) and where its scan goes
 * on. A part file on disk that the checkpoint does not name is a crash's leftover: its rows are
 * read again from {@code next}, so it is deleted, and no row is ever written twice.
 */
public record SplitCheckpoint(String split, List<Part> parts, String next, boolean done) {

    /** One finished file: its path under the export's directory, rows, size and SHA-256. */
    public record Part(String file, long rows, long bytes, String sha256) {}

    public SplitCheckpoint {
        parts = List.copyOf(parts);
    }

    public static SplitCheckpoint start(String split) {
        return new SplitCheckpoint(split, List.of(), null, false);
    }

    public Optional<String> resumeFrom() {
        return Optional.ofNullable(next);
    }

    public long rows() {
        return parts.stream().mapToLong(Part::rows).sum();
    }

    /** This checkpoint with {@code part} finished (none: null) and the scan going on from {@code next}. */
    public SplitCheckpoint advanced(Part part, Optional<String> next) {
        List<Part> all = new ArrayList<>(parts);
        if (part != null) {
            all.add(part);
        }
        return new SplitCheckpoint(split, all, next.orElse(null), next.isEmpty());
    }
}
