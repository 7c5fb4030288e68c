package dev.widefeed.store.hbase;

import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.kernel.EdgeCopies;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeStore;
import dev.widefeed.store.hbase.layout.HBaseTables;
import dev.widefeed.store.hbase.layout.Salt;
import dev.widefeed.store.hbase.rows.EdgeTruth;
import dev.widefeed.store.hbase.rows.FollowList;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Likes on HBase: truth in {@code likes_by_post} (row key salt(post) | post | user, changed by
 * checkAndMutate on the version column, cells timestamped with the version), copies as the
 * {@link FollowList}s {@code likers_by_post} (owner: the post) and {@code liked_by_user} (owner: the
 * user); the change protocol is the domain's ({@code LikeProtocol}).
 */
final class HBaseLikeStore implements LikeStore {
    private static final byte[] FAMILY = Bytes.toBytes("l");
    private static final byte[] LIKED = Bytes.toBytes("liked");
    private static final byte[] LIKED_AT = Bytes.toBytes("liked_at");
    private static final byte[] VERSION = Bytes.toBytes("version");
    private static final int SCAN_CACHING = 5_000;

    private final AsyncTable<AdvancedScanResultConsumer> truth;
    private final EdgeTruth changes;
    private final Salt salt;
    private final FollowList likers;
    private final FollowList liked;

    HBaseLikeStore(AsyncConnection connection, String namespace, HBaseTables declared) {
        TableName likes = TableName.valueOf(namespace, "likes_by_post");
        TableName likersTable = TableName.valueOf(namespace, "likers_by_post");
        TableName likedTable = TableName.valueOf(namespace, "liked_by_user");
        this.truth = connection.getTable(likes);
        this.changes = new EdgeTruth(
                connection.getTableBuilder(likes).setMaxAttempts(1).build(), FAMILY, VERSION);
        this.salt = Salt.of(declared.table(likes.getQualifierAsString()));
        this.likers = new FollowList(
                connection.getTable(likersTable), Salt.of(declared.table(likersTable.getQualifierAsString())));
        this.liked = new FollowList(
                connection.getTable(likedTable), Salt.of(declared.table(likedTable.getQualifierAsString())));
    }

    @Override
    public Set<Long> likedAmong(long userId, Collection<Long> postIds) {
        List<Long> posts = List.copyOf(postIds);
        List<Get> gets = posts.stream()
                .map(post -> new Get(row(post, userId)).addColumn(FAMILY, LIKED))
                .toList();
        // One multi-get: the client groups it into one call per region server.
        List<Result> rows = truth.getAll(gets).join();
        Set<Long> likedPosts = new HashSet<>();
        for (int i = 0; i < posts.size(); i++) {
            byte[] value = rows.get(i).getValue(FAMILY, LIKED);
            if (value != null && Bytes.toBoolean(value)) {
                likedPosts.add(posts.get(i));
            }
        }
        return likedPosts;
    }

    @Override
    public List<Like> likers(long postId, Optional<LikeCursor> after, int limit) {
        return page(likers, postId, after, limit, f -> new Like(postId, f.userId(), f.since()));
    }

    @Override
    public List<Like> likedPosts(long userId, Optional<LikeCursor> after, int limit) {
        return page(liked, userId, after, limit, f -> new Like(f.userId(), userId, f.since()));
    }

    /**
     * The plain read: a check-and-mutate is decided when its region server answers, and one whose answer was lost
     * in a crash is replayed from the write-ahead log before its region serves again.
     */
    @Override
    public LikeEdge decidedEdge(long postId, long userId) {
        return edge(postId, userId);
    }

    @Override
    public LikeEdge edge(long postId, long userId) {
        Result row = truth.get(new Get(row(postId, userId)).addFamily(FAMILY)).join();
        return row.isEmpty() ? LikeEdge.absent(postId, userId) : state(postId, userId, row);
    }

    @Override
    public List<LikeEdge> edges(long postId) {
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(prefix(postId))
                .addFamily(FAMILY)
                .setCaching(SCAN_CACHING);
        List<LikeEdge> rows = new ArrayList<>();
        for (Result row : truth.scanAll(scan).join()) {
            rows.add(state(postId, ByteBuffer.wrap(row.getRow()).getLong(1 + Long.BYTES), row));
        }
        return rows;
    }

    @Override
    public List<LikeEdge> edges(long postId, int limit) {
        Scan scan = new Scan()
                .setStartStopRowForPrefixScan(prefix(postId))
                .addFamily(FAMILY)
                .setLimit(limit)
                .setCaching(Math.min(limit, SCAN_CACHING));
        List<LikeEdge> rows = new ArrayList<>();
        for (Result row : truth.scanAll(scan).join()) {
            rows.add(state(postId, ByteBuffer.wrap(row.getRow()).getLong(1 + Long.BYTES), row));
        }
        return rows;
    }

    @Override
    public boolean delete(LikeEdge edge) {
        return changes.delete(row(edge.postId(), edge.userId()), edge.version());
    }

    @Override
    public boolean compareAndSet(LikeEdge expected, LikeEdge next) {
        return changes.compareAndSet(row(next.postId(), next.userId()), expected, put(next));
    }

    @Override
    public void applied(LikeEdge previous, LikeEdge next) {
        writeCopies(previous, next); // one row per like: no bucket to open, no count to keep
    }

    @Override
    public void writeCopies(LikeEdge previous, LikeEdge next) {
        long post = next.postId();
        long user = next.userId();
        EdgeCopies copies = EdgeCopies.between(previous, next);
        // Two tables, so not atomic: the liked posts first, because countAndRepair takes the
        // post's likers list as the witness of both copies.
        liked.write(liked.rows(user, post, copies)).join();
        likers.write(likers.rows(post, user, copies)).join();
    }

    private static List<Like> page(
            FollowList list, long ownerId, Optional<LikeCursor> after, int limit, Function<Follow, Like> like) {
        return list.page(ownerId, after.map(c -> new FollowCursor(c.likedAt(), c.id())), limit).stream()
                .map(like)
                .toList();
    }

    private static LikeEdge state(long postId, long userId, Result row) {
        return new LikeEdge(
                postId,
                userId,
                Bytes.toBoolean(row.getValue(FAMILY, LIKED)),
                Instant.ofEpochMilli(Bytes.toLong(row.getValue(FAMILY, LIKED_AT))),
                Bytes.toLong(row.getValue(FAMILY, VERSION)));
    }

    private Put put(LikeEdge like) {
        return new Put(row(like.postId(), like.userId()), like.version())
                .addColumn(FAMILY, LIKED, Bytes.toBytes(like.liked()))
                .addColumn(FAMILY, LIKED_AT, Bytes.toBytes(like.likedAt().toEpochMilli()))
                .addColumn(FAMILY, VERSION, Bytes.toBytes(like.version()));
    }

    private byte[] row(long postId, long userId) {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES)
                .put(salt.of(postId))
                .putLong(postId)
                .putLong(userId)
                .array();
    }

    private byte[] prefix(long postId) {
        return ByteBuffer.allocate(1 + Long.BYTES)
                .put(salt.of(postId))
                .putLong(postId)
                .array();
    }
}
