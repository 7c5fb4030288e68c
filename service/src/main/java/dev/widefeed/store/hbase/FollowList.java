package dev.widefeed.store.hbase;

import dev.widefeed.core.EdgeState;
import dev.widefeed.core.Follow;
import dev.widefeed.core.FollowCursor;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToLongFunction;

/**
 * One copy table of the follow graph ({@code following_by_user} or {@code followers_by_user}): a
 * row per edge, keyed salt(owner) | owner | desc(since ms) | desc(other), so a prefix scan of the
 * owner lists newest first, ordered by (since, other) descending like the cursor. The row holds
 * one empty cell; every cell and delete marker is written at the edge version, so a removal masks
 * exactly the adds of older versions, whatever order they arrive in.
 */
final class FollowList {
    private static final byte[] FAMILY = Bytes.toBytes("f");
    private static final byte[] EMPTY = new byte[0];
    private static final int ROW_LENGTH = 1 + 3 * Long.BYTES;
    private static final int MAX_CACHING = 10_000;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final Salt salt;
    private final ToLongFunction<EdgeState> owner;
    private final ToLongFunction<EdgeState> other;

    FollowList(AsyncTable<AdvancedScanResultConsumer> table, Salt salt, ToLongFunction<EdgeState> owner,
               ToLongFunction<EdgeState> other) {
        this.table = table;
        this.salt = salt;
        this.owner = owner;
        this.other = other;
    }

    static FollowList following(AsyncTable<AdvancedScanResultConsumer> table, Salt salt) {
        return new FollowList(table, salt, EdgeState::followerId, EdgeState::followeeId);
    }

    static FollowList followers(AsyncTable<AdvancedScanResultConsumer> table, Salt salt) {
        return new FollowList(table, salt, EdgeState::followeeId, EdgeState::followerId);
    }

    /** The row of a following edge, at {@code version}. */
    Put add(EdgeState edge, long version) {
        return new Put(row(edge), version).addColumn(FAMILY, EMPTY, version, EMPTY);
    }

    /** Masks the row of a following edge for every version up to {@code version}. */
    Delete remove(EdgeState edge, long version) {
        return new Delete(row(edge), version);
    }

    CompletableFuture<Void> write(List<? extends Mutation> mutations) {
        return mutations.isEmpty() ? CompletableFuture.completedFuture(null) : table.batchAll(mutations)
                .thenApply(results -> null);
    }

    AsyncTable<AdvancedScanResultConsumer> table() {
        return table;
    }

    /** At most {@code limit} entries strictly after {@code after}; one bounded scan. */
    List<Follow> page(long ownerId, Optional<FollowCursor> after, int limit) {
        Scan scan = new Scan().setStartStopRowForPrefixScan(prefix(ownerId));
        after.ifPresent(c -> scan.withStartRow(row(ownerId, c.since(), c.userId()), false));
        scan.addFamily(FAMILY).setLimit(limit).setCaching(Math.min(limit, MAX_CACHING));
        List<Result> rows = table.scanAll(scan).join();
        List<Follow> page = new ArrayList<>(rows.size());
        for (Result row : rows) {
            ByteBuffer key = ByteBuffer.wrap(row.getRow(), 1 + Long.BYTES, 2 * Long.BYTES);
            Instant since = Instant.ofEpochMilli(descending(key.getLong()));
            page.add(new Follow(descending(key.getLong()), since));
        }
        return page;
    }

    private byte[] row(EdgeState edge) {
        return row(owner.applyAsLong(edge), edge.since(), other.applyAsLong(edge));
    }

    private byte[] row(long ownerId, Instant since, long otherId) {
        return ByteBuffer.allocate(ROW_LENGTH).put(salt.of(ownerId)).putLong(ownerId)
                .putLong(descending(since.toEpochMilli())).putLong(descending(otherId)).array();
    }

    private byte[] prefix(long ownerId) {
        return ByteBuffer.allocate(1 + Long.BYTES).put(salt.of(ownerId)).putLong(ownerId).array();
    }

    /**
     * Reverses the unsigned byte order of big-endian longs; its own inverse. Equals
     * {@code Long.MAX_VALUE - x} for the non-negative times and ids we store.
     */
    private static long descending(long x) {
        return x ^ Long.MAX_VALUE;
    }
}
