package dev.widefeed.store.hbase;

import dev.widefeed.cache.Invalidation;
import dev.widefeed.cache.InvalidationStore;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Invalidations in {@code invalidations_by_slot}, keyed slot | at (epoch ms) | id | kind, so that the rows of a window
 * are one scan whatever slots it covers, from (slot, at) of its start to the same of its end.
 */
final class HBaseInvalidationStore implements InvalidationStore {
    private static final byte[] FAMILY = Bytes.toBytes("i");
    private static final byte[] MARKER = Bytes.toBytes("m");
    private static final int IDS = 3 * Long.BYTES;

    private final AsyncTable<AdvancedScanResultConsumer> table;

    HBaseInvalidationStore(AsyncTable<AdvancedScanResultConsumer> table) {
        this.table = table;
    }

    @Override
    public void append(Invalidation invalidation) {
        byte[] kind = Bytes.toBytes(invalidation.kind());
        byte[] row = ByteBuffer.allocate(IDS + kind.length)
                .put(position(invalidation.at()))
                .putLong(invalidation.id())
                .put(kind)
                .array();
        table.put(new Put(row).addColumn(FAMILY, MARKER, new byte[0])).join();
    }

    @Override
    public List<Invalidation> between(Instant from, Instant to) {
        Scan scan = new Scan()
                .withStartRow(position(from))
                .withStopRow(position(to))
                .addFamily(FAMILY)
                .setCaching(1000);
        List<Invalidation> found = new ArrayList<>();
        for (Result result : table.scanAll(scan).join()) {
            byte[] row = result.getRow();
            if (row.length <= IDS) {
                continue; // not a row of this layout
            }
            ByteBuffer key = ByteBuffer.wrap(row);
            key.getLong(); // the slot
            Instant at = Instant.ofEpochMilli(key.getLong());
            long id = key.getLong();
            found.add(new Invalidation(Bytes.toString(row, IDS, row.length - IDS), id, at));
        }
        return found;
    }

    private static byte[] position(Instant at) {
        return ByteBuffer.allocate(2 * Long.BYTES)
                .putLong(InvalidationStore.slotOf(at))
                .putLong(at.toEpochMilli())
                .array();
    }
}
