package dev.widefeed.store.hbase.rows;

import dev.widefeed.kernel.VersionedEdge;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The truth rows of one kind of versioned edge (a like, a follow), changed only by compare-and-set on their version
 * column (docs/ARCHITECTURE.md, "Write protocols"). A row's cells carry the edge's version as their timestamp.
 */
public final class EdgeTruth {
    private final AsyncTable<?> once;
    private final byte[] family;
    private final byte[] version;

    /**
     * @param once the truth table without client retries: a retried compare-and-set that was applied the first time
     *             would fail its check and report a lost race, leaving the copies and counts of the applied change
     *             unwritten; with one attempt an ambiguous failure surfaces as a timeout, which the edge's protocol
     *             settles
     */
    public EdgeTruth(AsyncTable<?> once, byte[] family, byte[] version) {
        this.once = once;
        this.family = family;
        this.version = version;
    }

    /** Puts {@code next} into {@code row} if the row still holds {@code expected}: its version, or none. */
    public boolean compareAndSet(byte[] row, VersionedEdge<?> expected, Put next) {
        CheckAndMutate.Builder check = CheckAndMutate.newBuilder(row);
        CheckAndMutate cas = expected.exists()
                ? check.ifEquals(family, version, Bytes.toBytes(expected.version()))
                        .build(next)
                : check.ifNotExists(family, version).build(next);
        return once.checkAndMutate(cas).join().isSuccess();
    }

    /** Deletes {@code row} if it is still at {@code edgeVersion}. */
    public boolean delete(byte[] row, long edgeVersion) {
        // Its cells are timestamped with the version: a delete at the version masks them all.
        CheckAndMutate delete = CheckAndMutate.newBuilder(row)
                .ifEquals(family, version, Bytes.toBytes(edgeVersion))
                .build(new Delete(row, edgeVersion));
        return once.checkAndMutate(delete).join().isSuccess();
    }
}
