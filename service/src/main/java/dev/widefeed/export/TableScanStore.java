package dev.widefeed.export;

import java.util.List;
import java.util.Optional;

/**
 * Full scans of a store's tables, a split at a time, a page at a time: what an export reads. No
 * request reads more than one page, so no partition or region is ever read whole at once.
 */
public interface TableScanStore {

    /** Every table of the service's keyspace or namespace, by name. */
    List<String> tables();

    /** The columns a scan of {@code table} yields. */
    TableShape shape(String table);

    /**
     * The table cut into parts that can be scanned side by side: the store's own token ranges or
     * regions, cut further where it can until there are at least {@code atLeast}.
     */
    List<Split> splits(String table, int atLeast);

    /** Up to {@code rows} rows of {@code split} from {@code from} (empty: from its start). */
    ScanPage page(TableShape shape, Split split, Optional<String> from, int rows);

    /** How the scans read, in the store's terms: consistency and paging, for the export to state. */
    String readSettings();
}
