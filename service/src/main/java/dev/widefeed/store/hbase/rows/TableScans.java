package dev.widefeed.store.hbase.rows;

import java.util.function.LongConsumer;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.util.Bytes;

/** Whole-table scans, for reconciliation and data engineers' questions. */
public final class TableScans {
    private TableScans() {}

    /**
     * The id of every row of a table keyed salt | id: one cell per row comes back, a page of rows
     * at a time.
     */
    public static void ids(AsyncTable<AdvancedScanResultConsumer> table, byte[] family, LongConsumer consumer) {
        Scan scan =
                new Scan().addFamily(family).setFilter(new FirstKeyOnlyFilter()).setCaching(5000);
        try (ResultScanner scanner = table.getScanner(scan)) {
            for (Result row : scanner) {
                consumer.accept(Bytes.toLong(row.getRow(), 1));
            }
        }
    }
}
