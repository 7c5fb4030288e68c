package dev.widefeed.store.hbase.rows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/** Deletes every row a scan finds, streamed and in batches: what purges and erasures do to a key range. */
public final class RowDeletes {
    private static final int BATCH = 1000;

    private RowDeletes() {}

    /** Deletes every row whose key starts with {@code prefix}. */
    public static void withPrefix(AsyncTable<AdvancedScanResultConsumer> table, byte[] prefix) {
        of(table, new Scan().setStartStopRowForPrefixScan(prefix));
    }

    /** Deletes every row {@code scan} finds; the scan is read for row keys only. */
    public static void of(AsyncTable<AdvancedScanResultConsumer> table, Scan scan) {
        scan.setCaching(BATCH).setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
        List<Delete> deletes = new ArrayList<>();
        try (ResultScanner rows = table.getScanner(scan)) {
            for (Result row : rows) {
                deletes.add(new Delete(row.getRow()));
                if (deletes.size() == BATCH) {
                    flush(table, deletes);
                }
            }
        }
        flush(table, deletes);
    }

    private static void flush(AsyncTable<AdvancedScanResultConsumer> table, List<Delete> deletes) {
        if (!deletes.isEmpty()) {
            CompletableFuture.allOf(table.delete(deletes).toArray(CompletableFuture[]::new))
                    .join();
            deletes.clear();
        }
    }
}
