package dev.widefeed.store.hbase.rows;

import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.RelationOp;
import dev.widefeed.kernel.IdGenerator;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The write-ahead journal of follow/unfollow operations, {@code relation_journal}: row key
 * shard | minute | op id, the shard (one byte, the follower id modulo the table's salt buckets)
 * spreading the writes of one minute over the pre-split regions. Cells carry server time so the
 * family's TTL expires them; nothing is ever deleted.
 */
public final class RelationJournal {
    private static final byte[] FAMILY = Bytes.toBytes("j");
    private static final byte[] FOLLOWER = Bytes.toBytes("follower");
    private static final byte[] FOLLOWEE = Bytes.toBytes("followee");
    private static final byte[] DONE = Bytes.toBytes("done");
    private static final Columns FROM = new Columns("from_");
    private static final Columns TO = new Columns("to_");

    /** The columns of one edge state of an operation. */
    private record Columns(byte[] following, byte[] since, byte[] version) {
        Columns(String prefix) {
            this(
                    Bytes.toBytes(prefix + "following"),
                    Bytes.toBytes(prefix + "since"),
                    Bytes.toBytes(prefix + "version"));
        }

        void write(Put put, FollowEdge state) {
            put.addColumn(FAMILY, following, Bytes.toBytes(state.following()))
                    .addColumn(FAMILY, version, Bytes.toBytes(state.version()));
            if (state.since() != null) {
                put.addColumn(FAMILY, since, Bytes.toBytes(state.since().toEpochMilli()));
            }
        }

        FollowEdge read(Result row, long followerId, long followeeId) {
            byte[] sinceMs = row.getValue(FAMILY, since);
            return new FollowEdge(
                    followerId,
                    followeeId,
                    Bytes.toBoolean(row.getValue(FAMILY, following)),
                    sinceMs == null ? null : Instant.ofEpochMilli(Bytes.toLong(sinceMs)),
                    Bytes.toLong(row.getValue(FAMILY, version)));
        }
    }

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final int shards;

    public RelationJournal(AsyncTable<AdvancedScanResultConsumer> table, int shards) {
        this.table = table;
        this.shards = shards;
    }

    public void intent(RelationOp op) {
        Put put = new Put(row(op))
                .addColumn(FAMILY, FOLLOWER, Bytes.toBytes(op.followerId()))
                .addColumn(FAMILY, FOLLOWEE, Bytes.toBytes(op.followeeId()));
        FROM.write(put, op.from());
        TO.write(put, op.to());
        table.put(put).join();
    }

    public void done(RelationOp op) {
        table.put(new Put(row(op)).addColumn(FAMILY, DONE, Bytes.toBytes(true))).join();
    }

    /**
     * One scan per shard over the minutes of [from, to), all shards at once; unless {@code withDone}, done rows stay
     * on the server.
     */
    public List<RelationOp> operations(Instant from, Instant to, boolean withDone) {
        long firstMinute = minuteOf(from);
        long endMinute = minuteOf(to) + 1;
        List<CompletableFuture<List<Result>>> scans = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            SingleColumnValueFilter notDone =
                    new SingleColumnValueFilter(FAMILY, DONE, CompareOperator.NOT_EQUAL, Bytes.toBytes(true));
            notDone.setFilterIfMissing(false);
            Scan scan = new Scan()
                    .addFamily(FAMILY)
                    .withStartRow(minuteStart(shard, firstMinute))
                    .withStopRow(minuteStart(shard, endMinute));
            scans.add(table.scanAll(withDone ? scan : scan.setFilter(notDone)));
        }
        List<RelationOp> ops = new ArrayList<>();
        for (CompletableFuture<List<Result>> scan : scans) {
            for (Result row : scan.join()) {
                if (row.containsColumn(FAMILY, FOLLOWER)) { // else only its done mark outlived the intent
                    RelationOp op = op(row);
                    Instant issued = IdGenerator.timeOf(op.opId());
                    if (!issued.isBefore(from) && issued.isBefore(to)) {
                        ops.add(op);
                    }
                }
            }
        }
        return ops;
    }

    private static RelationOp op(Result row) {
        long opId = ByteBuffer.wrap(row.getRow(), 1 + Long.BYTES, Long.BYTES).getLong();
        long follower = Bytes.toLong(row.getValue(FAMILY, FOLLOWER));
        long followee = Bytes.toLong(row.getValue(FAMILY, FOLLOWEE));
        return new RelationOp(opId, FROM.read(row, follower, followee), TO.read(row, follower, followee));
    }

    private byte[] row(RelationOp op) {
        int shard = (int) Math.floorMod(op.followerId(), (long) shards);
        return Bytes.add(minuteStart(shard, minuteOf(IdGenerator.timeOf(op.opId()))), Bytes.toBytes(op.opId()));
    }

    /** The key prefix of a shard's minute: sorts before every row of that minute. */
    private static byte[] minuteStart(int shard, long minute) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put((byte) shard)
                .putLong(minute)
                .array();
    }

    private static long minuteOf(Instant time) {
        return Math.floorDiv(time.getEpochSecond(), 60);
    }
}
