package dev.widefeed.export;

import java.util.List;
import java.util.Optional;

/**
 * One page of a split's rows, each an array of values in its table's column order. {@code next}:
 * where the next page starts, opaque to everyone but the store that gave it (empty: the split is
 * done). {@code covered}: the share of the split's key space read so far, 0..1, for progress.
 */
public record ScanPage(List<Object[]> rows, Optional<String> next, double covered) {
    public ScanPage {
        rows = List.copyOf(rows);
    }
}
