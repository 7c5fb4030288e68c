package dev.widefeed.store.hbase.rows;

import dev.widefeed.store.hbase.layout.Salt;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A newest-first list of time-ordered ids per owner (an author's posts, a post's reposts, a user's
 * home timeline): one row per entry, keyed salt(owner) | owner | descending(id), so a prefix scan
 * lists the newest first and no row grows however long the list gets. Plain lists use
 * {@link #add}, {@link #remove} and {@link #page} (empty rows in family f); lists whose rows carry
 * columns build on {@link #row}, {@link #scan} and {@link #idOf}.
 */
public final class IdList {
    private static final byte[] FAMILY = Bytes.toBytes("f");
    private static final byte[] EMPTY = new byte[0];
    private static final int MAX_CACHING = 10_000;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final Salt salt;

    public IdList(AsyncTable<AdvancedScanResultConsumer> table, Salt salt) {
        this.table = table;
        this.salt = salt;
    }

    public Put add(long ownerId, long id) {
        return new Put(row(ownerId, id)).addColumn(FAMILY, EMPTY, EMPTY);
    }

    /** An entry whose row says something of its id: {@code value} in the same cell as a plain entry's empty one. */
    public Put add(long ownerId, long id, byte[] value) {
        return new Put(row(ownerId, id)).addColumn(FAMILY, EMPTY, value);
    }

    /** The value {@link #add(long, long, byte[])} wrote, empty for a plain entry. */
    public static byte[] valueOf(Result row) {
        byte[] value = row.getValue(FAMILY, EMPTY);
        return value == null ? EMPTY : value;
    }

    /** The family every entry's cell is in: for the scans {@link #scan} leaves to the caller. */
    public static byte[] family() {
        return FAMILY.clone();
    }

    public Delete remove(long ownerId, long id) {
        return new Delete(row(ownerId, id));
    }

    public AsyncTable<AdvancedScanResultConsumer> table() {
        return table;
    }

    /** At most {@code limit} ids below {@code beforeId}, newest first; one bounded scan. */
    public List<Long> page(long ownerId, Optional<Long> beforeId, int limit) {
        return pageAsync(ownerId, beforeId, limit).join();
    }

    /** {@link #page}, not waiting for it: for many owners' pages at once. */
    public CompletableFuture<List<Long>> pageAsync(long ownerId, Optional<Long> beforeId, int limit) {
        return table.scanAll(scan(ownerId, beforeId, limit).addFamily(FAMILY)).thenApply(rows -> {
            List<Long> ids = new ArrayList<>(rows.size());
            for (Result row : rows) {
                ids.add(idOf(row.getRow()));
            }
            return ids;
        });
    }

    /** The scan of at most {@code limit} of the owner's rows below {@code beforeId}, newest first; add the families. */
    public Scan scan(long ownerId, Optional<Long> beforeId, int limit) {
        Scan scan = new Scan().setStartStopRowForPrefixScan(prefix(ownerId));
        beforeId.ifPresent(id -> scan.withStartRow(row(ownerId, id), false));
        return scan.setLimit(limit).setCaching(Math.min(limit, MAX_CACHING));
    }

    /** The scan of all the owner's rows, newest first. */
    public Scan scanAll(long ownerId) {
        return new Scan().setStartStopRowForPrefixScan(prefix(ownerId));
    }

    public byte[] row(long ownerId, long id) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(salt.of(ownerId))
                .putLong(ownerId)
                .putLong(descending(id))
                .array();
    }

    /** The id a row of this layout is keyed by. */
    public static long idOf(byte[] row) {
        return descending(ByteBuffer.wrap(row, 1 + Long.BYTES, Long.BYTES).getLong());
    }

    /** The owner's key prefix: every row of the owner's list starts with it (and is longer). */
    public byte[] prefix(long ownerId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(salt.of(ownerId))
                .putLong(ownerId)
                .array();
    }

    /** Reverses the byte order of the non-negative ids we store; its own inverse. */
    private static long descending(long x) {
        return x ^ Long.MAX_VALUE;
    }
}
