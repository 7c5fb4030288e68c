package dev.widefeed.store.hbase.rows;

import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.Follower;
import dev.widefeed.kernel.EdgeCopies;
import dev.widefeed.store.ActivityCell;
import dev.widefeed.store.hbase.layout.Salt;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One list copy of an edge ({@code following_by_user} or {@code followers_by_user} of a follow,
 * {@code likers_by_post} or {@code liked_by_user} of a like): a row per edge, keyed
 * salt(owner) | owner | desc(since ms) | desc(other), so a prefix scan of the
 * owner lists newest first, ordered by (since, other) descending like the cursor. The row holds
 * one empty cell (its presence); every cell and delete marker is written at the edge version, so a
 * removal masks exactly the adds of older versions, whatever order they arrive in. A followers row
 * may also hold a {@code last_read} cell (epoch ms, {@link #shareLastRead}), written at the edge
 * version too, so a removal masks it as well. Pages list only rows whose presence cell is visible:
 * a {@code last_read} cell alone (written onto a row whose removal a major compaction has already
 * purged, or onto copies not written yet) is never an edge.
 */
public final class FollowList {
    private static final byte[] FAMILY = Bytes.toBytes("f");
    private static final byte[] EMPTY = new byte[0];
    private static final byte[] LAST_READ = Bytes.toBytes("last_read");
    private static final byte[] ACTIVITY = Bytes.toBytes("activity");
    private static final int ROW_LENGTH = 1 + 3 * Long.BYTES;
    private static final int MAX_CACHING = 10_000;

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final Salt salt;

    public FollowList(AsyncTable<AdvancedScanResultConsumer> table, Salt salt) {
        this.table = table;
        this.salt = salt;
    }

    /** The row of the owner's entry {@code other} since {@code since}, at {@code version}. */
    public Put add(long ownerId, Instant since, long otherId, long version) {
        return new Put(row(ownerId, since, otherId), version).addColumn(FAMILY, EMPTY, version, EMPTY);
    }

    /** Masks that row for every version up to {@code version}. */
    Delete remove(long ownerId, Instant since, long otherId, long version) {
        return new Delete(row(ownerId, since, otherId), version);
    }

    /**
     * This list's rows of one edge change: the owner's entry {@code other} removed at the previous
     * since and added at the new one, as {@code copies} decides, removals first.
     */
    public List<Mutation> rows(long ownerId, long otherId, EdgeCopies copies) {
        List<Mutation> rows = new ArrayList<>(2);
        copies.removeAt().ifPresent(at -> rows.add(remove(ownerId, at, otherId, copies.version())));
        copies.addAt().ifPresent(at -> rows.add(add(ownerId, at, otherId, copies.version())));
        return rows;
    }

    /**
     * Sets the {@code last_read} cell of a follower's row at the edge's version: the timestamp its
     * presence cell was written with, so a removal of the edge (a delete marker at a later version)
     * masks this cell too, whenever it arrives.
     */
    public Put shareLastRead(FollowEdge edge, Instant lastRead, OptionalDouble readsPerDay) {
        Put put = new Put(row(edge.followeeId(), edge.since(), edge.followerId()), edge.version())
                .addColumn(FAMILY, LAST_READ, edge.version(), Bytes.toBytes(lastRead.toEpochMilli()));
        readsPerDay.ifPresent(rate ->
                put.addColumn(FAMILY, ACTIVITY, edge.version(), Bytes.toBytes(ActivityCell.pack(lastRead, rate))));
        return put;
    }

    public CompletableFuture<Void> write(List<? extends Mutation> mutations) {
        return mutations.isEmpty()
                ? CompletableFuture.completedFuture(null)
                : table.batchAll(mutations).thenApply(results -> null);
    }

    public AsyncTable<AdvancedScanResultConsumer> table() {
        return table;
    }

    /** At most {@code limit} entries strictly after {@code after}; one bounded scan. */
    public List<Follow> page(long ownerId, Optional<FollowCursor> after, int limit) {
        List<Result> rows = scan(ownerId, after, limit, Optional.empty());
        List<Follow> page = new ArrayList<>(rows.size());
        for (Result row : rows) {
            ByteBuffer key = key(row);
            Instant since = Instant.ofEpochMilli(descending(key.getLong()));
            page.add(new Follow(descending(key.getLong()), since));
        }
        return page;
    }

    /**
     * {@link #page} with each row's {@code last_read} and {@code activity} cells, if it has them; one bounded scan.
     * With {@code readSince}, only the rows whose {@code last_read} is at or after it (filtered on the server).
     */
    public List<Follower> pageWithLastRead(
            long ownerId, Optional<FollowCursor> after, int limit, Optional<Instant> readSince) {
        List<Result> rows = scan(ownerId, after, limit, readSince);
        List<Follower> page = new ArrayList<>(rows.size());
        for (Result row : rows) {
            ByteBuffer key = key(row);
            Instant since = Instant.ofEpochMilli(descending(key.getLong()));
            byte[] lastRead = row.getValue(FAMILY, LAST_READ);
            byte[] activity = row.getValue(FAMILY, ACTIVITY);
            page.add(new Follower(
                    descending(key.getLong()),
                    since,
                    lastRead == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(Bytes.toLong(lastRead))),
                    ActivityCell.readsPerDay(activity == null ? null : Bytes.toLong(activity))));
        }
        return page;
    }

    /**
     * The rows whose presence cell is visible and, with {@code readSince}, whose {@code last_read} is at or after
     * it (filtered on the server, so the limit counts only those). Times are big-endian non-negative longs, so
     * their bytes compare as the times do.
     */
    private List<Result> scan(long ownerId, Optional<FollowCursor> after, int limit, Optional<Instant> readSince) {
        Scan scan = new Scan().setStartStopRowForPrefixScan(prefix(ownerId));
        after.ifPresent(c -> scan.withStartRow(row(ownerId, c.since(), c.userId()), false));
        scan.addFamily(FAMILY);
        SingleColumnValueFilter present = new SingleColumnValueFilter(FAMILY, EMPTY, CompareOperator.EQUAL, EMPTY);
        present.setFilterIfMissing(true);
        Filter filter = present;
        if (readSince.isPresent()) {
            SingleColumnValueFilter active = new SingleColumnValueFilter(
                    FAMILY,
                    LAST_READ,
                    CompareOperator.GREATER_OR_EQUAL,
                    Bytes.toBytes(readSince.get().toEpochMilli()));
            active.setFilterIfMissing(true);
            filter = new FilterList(FilterList.Operator.MUST_PASS_ALL, present, active);
        }
        scan.setFilter(filter).setLimit(limit).setCaching(Math.min(limit, MAX_CACHING));
        return table.scanAll(scan).join();
    }

    private static ByteBuffer key(Result row) {
        return ByteBuffer.wrap(row.getRow(), 1 + Long.BYTES, 2 * Long.BYTES);
    }

    private byte[] row(long ownerId, Instant since, long otherId) {
        return ByteBuffer.allocate(ROW_LENGTH)
                .put(salt.of(ownerId))
                .putLong(ownerId)
                .putLong(descending(since.toEpochMilli()))
                .putLong(descending(otherId))
                .array();
    }

    private byte[] prefix(long ownerId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(salt.of(ownerId))
                .putLong(ownerId)
                .array();
    }

    /**
     * Reverses the unsigned byte order of big-endian longs; its own inverse. Equals
     * {@code Long.MAX_VALUE - x} for the non-negative times and ids we store.
     */
    private static long descending(long x) {
        return x ^ Long.MAX_VALUE;
    }
}
