package dev.widefeed.store.hbase;

import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A newest-first list of time-ordered ids per owner (an author's posts, a post's reposts): one
 * empty row per entry, keyed salt(owner) | owner | descending(id), so a prefix scan lists the
 * newest first and no row grows however long the list gets.
 */
final class IdList {
    private static final byte[] FAMILY = Bytes.toBytes("f");
    private static final byte[] EMPTY = new byte[0];
    private static final int MAX_CACHING = 10_000;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final Salt salt;

    IdList(AsyncTable<AdvancedScanResultConsumer> table, Salt salt) {
        this.table = table;
        this.salt = salt;
    }

    Put add(long ownerId, long id) {
        return new Put(row(ownerId, id)).addColumn(FAMILY, EMPTY, EMPTY);
    }

    Delete remove(long ownerId, long id) {
        return new Delete(row(ownerId, id));
    }

    AsyncTable<AdvancedScanResultConsumer> table() {
        return table;
    }

    /** At most {@code limit} ids below {@code beforeId}, newest first; one bounded scan. */
    List<Long> page(long ownerId, Optional<Long> beforeId, int limit) {
        Scan scan = new Scan().setStartStopRowForPrefixScan(prefix(ownerId));
        beforeId.ifPresent(id -> scan.withStartRow(row(ownerId, id), false));
        scan.addFamily(FAMILY).setLimit(limit).setCaching(Math.min(limit, MAX_CACHING));
        List<Long> ids = new ArrayList<>();
        for (Result row : table.scanAll(scan).join()) {
            ids.add(descending(ByteBuffer.wrap(row.getRow(), 1 + Long.BYTES, Long.BYTES).getLong()));
        }
        return ids;
    }

    private byte[] row(long ownerId, long id) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES).put(salt.of(ownerId)).putLong(ownerId)
                .putLong(descending(id)).array();
    }

    private byte[] prefix(long ownerId) {
        return ByteBuffer.allocate(1 + Long.BYTES).put(salt.of(ownerId)).putLong(ownerId).array();
    }

    /** Reverses the byte order of the non-negative ids we store; its own inverse. */
    private static long descending(long x) {
        return x ^ Long.MAX_VALUE;
    }
}
