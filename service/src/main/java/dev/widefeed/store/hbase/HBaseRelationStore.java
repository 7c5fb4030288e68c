package dev.widefeed.store.hbase;

import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.Follower;
import dev.widefeed.graph.RelationOp;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.EdgeCopies;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.EdgeTruth;
import dev.widefeed.store.hbase.rows.FollowList;
import dev.widefeed.store.hbase.rows.RelationJournal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The follow graph on HBase: truth in {@code follow_edges_by_follower} (row key salt(follower) |
 * follower | followee, changed by checkAndMutate on the version column), the two copies as
 * {@link FollowList}s, the journal as a {@link RelationJournal}. Truth cells carry the edge version
 * as their timestamp, like the copies, so an import and later compare-and-sets order alike.
 */
final class HBaseRelationStore implements RelationStore {
    /** Rows per batch RPC of an import. */
    static final int IMPORT_BATCH = 500;
    /** Rows per RPC of the scan of one user's truth rows: their whole following list, at the default limit. */
    private static final int SHARE_CACHING = 5_000;

    private static final byte[] EDGE = Bytes.toBytes("e");
    private static final byte[] FOLLOWING = Bytes.toBytes("following");
    private static final byte[] SINCE = Bytes.toBytes("since");
    private static final byte[] VERSION = Bytes.toBytes("version");

    private final AsyncTable<AdvancedScanResultConsumer> edges;
    private final EdgeTruth changes;
    private final Salt edgeSalt;
    private final FollowList following;
    private final FollowList followers;
    private final RelationJournal journal;
    private final HBaseUserStore users;
    private final BoundedAsync async;

    /** @param edgesOnce the truth table without client retries ({@link EdgeTruth}); the journal settles a timeout */
    HBaseRelationStore(
            AsyncTable<AdvancedScanResultConsumer> edges,
            AsyncTable<AdvancedScanResultConsumer> edgesOnce,
            Salt edgeSalt,
            FollowList following,
            FollowList followers,
            RelationJournal journal,
            HBaseUserStore users,
            BoundedAsync async) {
        this.edges = edges;
        this.changes = new EdgeTruth(edgesOnce, EDGE, VERSION);
        this.edgeSalt = edgeSalt;
        this.following = following;
        this.followers = followers;
        this.journal = journal;
        this.users = users;
        this.async = async;
    }

    /**
     * The plain read: a check-and-mutate is decided when its region server answers, and one whose answer was lost
     * in a crash is replayed from the write-ahead log before its region serves again.
     */
    @Override
    public FollowEdge decidedEdge(long followerId, long followeeId) {
        return edge(followerId, followeeId);
    }

    @Override
    public FollowEdge edge(long followerId, long followeeId) {
        Result row = edges.get(new Get(edgeRow(followerId, followeeId)).addFamily(EDGE))
                .join();
        if (row.isEmpty()) {
            return FollowEdge.absent(followerId, followeeId);
        }
        return edgeOf(followerId, followeeId, row);
    }

    /** One multi-get: the client groups the gets by region server. */
    @Override
    public Map<FollowEdge.Key, FollowEdge> edges(Collection<FollowEdge.Key> keys) {
        List<FollowEdge.Key> asked = List.copyOf(keys);
        Map<FollowEdge.Key, FollowEdge> found = new HashMap<>();
        if (asked.isEmpty()) {
            return found;
        }
        List<Result> rows = edges.getAll(asked.stream()
                        .map(k -> new Get(edgeRow(k.followerId(), k.followeeId())).addFamily(EDGE))
                        .toList())
                .join();
        for (int i = 0; i < asked.size(); i++) {
            FollowEdge.Key key = asked.get(i);
            Result row = rows.get(i);
            found.put(
                    key,
                    row.isEmpty()
                            ? FollowEdge.absent(key.followerId(), key.followeeId())
                            : edgeOf(key.followerId(), key.followeeId(), row));
        }
        return found;
    }

    private static FollowEdge edgeOf(long followerId, long followeeId, Result row) {
        byte[] since = row.getValue(EDGE, SINCE);
        return new FollowEdge(
                followerId,
                followeeId,
                Bytes.toBoolean(row.getValue(EDGE, FOLLOWING)),
                since == null ? null : Instant.ofEpochMilli(Bytes.toLong(since)),
                Bytes.toLong(row.getValue(EDGE, VERSION)));
    }

    @Override
    public boolean compareAndSet(FollowEdge expected, FollowEdge next) {
        return changes.compareAndSet(edgeRow(next.followerId(), next.followeeId()), expected, edgePut(next));
    }

    @Override
    public boolean delete(FollowEdge edge) {
        return !edge.following() && changes.delete(edgeRow(edge.followerId(), edge.followeeId()), edge.version());
    }

    @Override
    public void writeCopies(FollowEdge previous, FollowEdge next) {
        long follower = next.followerId();
        long followee = next.followeeId();
        EdgeCopies copies = EdgeCopies.between(previous, next);
        // Two tables, so not atomic: the journal entry stays unfinished until both are written.
        CompletableFuture.allOf(
                        following.write(following.rows(follower, followee, copies)),
                        followers.write(followers.rows(followee, follower, copies)))
                .join();
    }

    @Override
    public List<Follow> following(long userId, Optional<FollowCursor> after, int limit) {
        return following.page(userId, after, limit);
    }

    @Override
    public List<Follow> followers(long userId, Optional<FollowCursor> after, int limit) {
        return followers.page(userId, after, limit);
    }

    @Override
    public List<Follower> followersWithActivity(long userId, Optional<FollowCursor> after, int limit) {
        return followers.pageWithLastRead(userId, after, limit, Optional.empty());
    }

    @Override
    public List<Follower> activeFollowers(long userId, Optional<FollowCursor> after, int limit, Instant readSince) {
        return followers.pageWithLastRead(userId, after, limit, Optional.of(readSince));
    }

    /**
     * One scan of the user's truth rows (a row-key prefix; only the following ones come back, at
     * most the following limit), then a Put of the last_read cell onto each edge's followers row at
     * the edge's version, in batches of {@link #IMPORT_BATCH} with at most maxInFlight batches at
     * once. An edge unfollowed after the scan had its row deleted at a later version, which masks
     * the Put; a row whose presence cell is gone is never listed ({@link FollowList}).
     */
    @Override
    public void shareActivity(long userId, Instant lastRead, OptionalDouble readsPerDay) {
        SingleColumnValueFilter followingOnly =
                new SingleColumnValueFilter(EDGE, FOLLOWING, CompareOperator.EQUAL, Bytes.toBytes(true));
        followingOnly.setFilterIfMissing(true);
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(edgePrefix(userId))
                .addFamily(EDGE)
                .setFilter(followingOnly)
                .setCaching(SHARE_CACHING);
        List<Put> puts = new ArrayList<>();
        for (Result row : edges.scanAll(scan).join()) {
            FollowEdge edge = edgeOf(userId, Bytes.toLong(row.getRow(), 1 + Long.BYTES), row);
            if (edge.following() && edge.since() != null) {
                puts.add(followers.shareLastRead(edge, lastRead, readsPerDay));
            }
        }
        async.runChunks(puts, IMPORT_BATCH, followers::write);
    }

    /** A read of the edge's truth row, then the Put {@link #shareActivity(long, Instant, OptionalDouble)} makes. */
    @Override
    public void shareActivity(long followerId, long followeeId, Instant lastRead, OptionalDouble readsPerDay) {
        FollowEdge edge = edge(followerId, followeeId);
        if (edge.following() && edge.since() != null) {
            followers
                    .write(List.of(followers.shareLastRead(edge, lastRead, readsPerDay)))
                    .join();
        }
    }

    @Override
    public void journalIntent(RelationOp op) {
        journal.intent(op);
    }

    @Override
    public void journalDone(RelationOp op) {
        journal.done(op);
    }

    @Override
    public List<RelationOp> unfinished(Instant from, Instant to) {
        return journal.operations(from, to, false);
    }

    @Override
    public List<RelationOp> journaled(Instant from, Instant to) {
        return journal.operations(from, to, true);
    }

    @Override
    public void importEdges(List<FollowEdge> edgeStates) {
        List<Put> truth = new ArrayList<>();
        List<Put> followingRows = new ArrayList<>();
        List<Put> followerRows = new ArrayList<>();
        Map<Long, Long> followersAdded = new HashMap<>();
        Map<Long, Long> followingAdded = new HashMap<>();
        for (FollowEdge edge : edgeStates) {
            if (edge.following()) {
                truth.add(edgePut(edge));
                followingRows.add(following.add(edge.followerId(), edge.since(), edge.followeeId(), edge.version()));
                followerRows.add(followers.add(edge.followeeId(), edge.since(), edge.followerId(), edge.version()));
                followersAdded.merge(edge.followeeId(), 1L, Long::sum);
                followingAdded.merge(edge.followerId(), 1L, Long::sum);
            }
        }
        List<Batch> batches = new ArrayList<>();
        Batch.split(edges, truth, batches);
        Batch.split(following.table(), followingRows, batches);
        Batch.split(followers.table(), followerRows, batches);
        async.runAll(batches, Batch::send);

        // Counts last, as in a live follow: rows first, so a recount never sees fewer rows than counted.
        Set<Long> counted = new HashSet<>(followersAdded.keySet());
        counted.addAll(followingAdded.keySet());
        List<Row> increments = new ArrayList<>(counted.size());
        for (long user : counted) {
            increments.add(users.increment(
                    user,
                    new UserCounts(0, followersAdded.getOrDefault(user, 0L), followingAdded.getOrDefault(user, 0L))));
        }
        List<Batch> countBatches = new ArrayList<>();
        Batch.split(users.table(), increments, countBatches);
        async.runAll(countBatches, Batch::send);
    }

    /** Up to {@link #IMPORT_BATCH} operations on one table, sent as one batch call. */
    private record Batch(AsyncTable<AdvancedScanResultConsumer> table, List<? extends Row> rows) {
        static void split(AsyncTable<AdvancedScanResultConsumer> table, List<? extends Row> rows, List<Batch> into) {
            for (int i = 0; i < rows.size(); i += IMPORT_BATCH) {
                into.add(new Batch(table, rows.subList(i, Math.min(rows.size(), i + IMPORT_BATCH))));
            }
        }

        CompletableFuture<?> send() {
            return table.batchAll(rows);
        }
    }

    private Put edgePut(FollowEdge edge) {
        Put put = new Put(edgeRow(edge.followerId(), edge.followeeId()), edge.version())
                .addColumn(EDGE, FOLLOWING, Bytes.toBytes(edge.following()))
                .addColumn(EDGE, VERSION, Bytes.toBytes(edge.version()));
        // A never-followed edge has no since; every state the protocol writes has one.
        if (edge.since() != null) {
            put.addColumn(EDGE, SINCE, Bytes.toBytes(edge.since().toEpochMilli()));
        }
        return put;
    }

    private byte[] edgePrefix(long followerId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(edgeSalt.of(followerId))
                .putLong(followerId)
                .array();
    }

    private byte[] edgeRow(long followerId, long followeeId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(edgeSalt.of(followerId))
                .putLong(followerId)
                .putLong(followeeId)
                .array();
    }
}
