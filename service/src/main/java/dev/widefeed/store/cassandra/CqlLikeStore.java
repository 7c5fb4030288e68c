package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.kernel.EdgeCopies;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeStore;
import dev.widefeed.store.cassandra.rows.BucketedList;
import dev.widefeed.store.cassandra.rows.CqlReads;
import dev.widefeed.store.cassandra.rows.CqlWrites;
import dev.widefeed.store.cassandra.rows.ListBuckets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Likes on Cassandra: truth in {@code likes_by_post} (lightweight transactions on the version),
 * copies in the bucketed {@code likers_by_post} and {@code liked_by_user}, the user's liked posts
 * written first; the change protocol is the domain's ({@code LikeProtocol}).
 */
final class CqlLikeStore implements LikeStore {
    /** Partitions per post of {@code likes_by_post}; changing it orphans existing rows. */
    static final int SHARDS = 64;

    private final CqlSession session;
    private final BucketedList likers;
    private final BucketedList liked;
    private final PreparedStatement selectLike;
    private final PreparedStatement selectShard;
    private final PreparedStatement insertLikeIfAbsent;
    private final PreparedStatement updateLikeIfVersion;
    private final PreparedStatement selectShardLimit;
    private final PreparedStatement deleteLikeIfVersion;
    private final ConsistencyLevel serial;

    CqlLikeStore(CqlSession session, int bucketSize, Clock clock) {
        this.session = session;
        this.likers = new BucketedList(
                session,
                new ListBuckets(session, "likers", bucketSize, clock),
                "likers_by_post",
                "post_id",
                "liked_at",
                "user_id");
        this.liked = new BucketedList(
                session,
                new ListBuckets(session, "liked", bucketSize, clock),
                "liked_by_user",
                "user_id",
                "liked_at",
                "post_id");
        this.serial = CqlReads.serial(session);
        selectLike = session.prepare("SELECT liked, liked_at, version FROM likes_by_post "
                + "WHERE post_id = ? AND shard = ? AND user_id = ?");
        selectShard = session.prepare(
                "SELECT user_id, liked, liked_at, version FROM likes_by_post " + "WHERE post_id = ? AND shard = ?");
        insertLikeIfAbsent = session.prepare("INSERT INTO likes_by_post (post_id, shard, user_id, liked, liked_at, "
                + "version) VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS");
        updateLikeIfVersion = session.prepare("UPDATE likes_by_post SET liked = ?, liked_at = ?, version = ? "
                + "WHERE post_id = ? AND shard = ? AND user_id = ? IF version = ?");
        selectShardLimit = session.prepare("SELECT user_id, liked, liked_at, version FROM likes_by_post "
                + "WHERE post_id = ? AND shard = ? LIMIT ?");
        // A lightweight transaction like every other write of the truth row (a plain delete's timestamp could lose
        // to a ballot's).
        deleteLikeIfVersion = session.prepare(
                "DELETE FROM likes_by_post WHERE post_id = ? AND shard = ? " + "AND user_id = ? IF version = ?");
    }

    @Override
    public Set<Long> likedAmong(long userId, Collection<Long> postIds) {
        Set<Long> likedPosts = new HashSet<>();
        CqlReads.readAll(session, postIds, post -> selectLike.bind(post, shard(userId), userId))
                .forEach((post, row) -> {
                    if (row != null && row.getBoolean(0)) {
                        likedPosts.add(post);
                    }
                });
        return likedPosts;
    }

    @Override
    public List<Like> likers(long postId, Optional<LikeCursor> after, int limit) {
        return page(likers, postId, after, limit, (at, user) -> new Like(postId, user, at));
    }

    @Override
    public List<Like> likedPosts(long userId, Optional<LikeCursor> after, int limit) {
        return page(liked, userId, after, limit, (at, post) -> new Like(post, userId, at));
    }

    @Override
    public LikeEdge edge(long postId, long userId) {
        return edge(postId, userId, selectLike.bind(postId, shard(userId), userId));
    }

    /** A read at the serial consistency, which first completes a Paxos round left in progress on the partition. */
    @Override
    public LikeEdge decidedEdge(long postId, long userId) {
        return edge(
                postId, userId, selectLike.bind(postId, shard(userId), userId).setConsistencyLevel(serial));
    }

    private LikeEdge edge(long postId, long userId, BoundStatement read) {
        Row row = session.execute(read.setIdempotent(true)).one();
        return row == null
                ? LikeEdge.absent(postId, userId)
                : new LikeEdge(postId, userId, row.getBoolean(0), row.getInstant(1), row.getLong(2));
    }

    @Override
    public List<LikeEdge> edges(long postId) {
        List<LikeEdge> rows = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            for (Row row : session.execute(
                    selectShard.bind(postId, shard).setIdempotent(true).setPageSize(5000))) {
                rows.add(new LikeEdge(postId, row.getLong(0), row.getBoolean(1), row.getInstant(2), row.getLong(3)));
            }
        }
        return rows;
    }

    @Override
    public List<LikeEdge> edges(long postId, int limit) {
        List<LikeEdge> rows = new ArrayList<>();
        for (int shard = 0; shard < SHARDS && rows.size() < limit; shard++) {
            for (Row row : session.execute(
                    selectShardLimit.bind(postId, shard, limit - rows.size()).setIdempotent(true))) {
                rows.add(new LikeEdge(postId, row.getLong(0), row.getBoolean(1), row.getInstant(2), row.getLong(3)));
            }
        }
        return rows;
    }

    @Override
    public boolean delete(LikeEdge edge) {
        long user = edge.userId();
        return session.execute(deleteLikeIfVersion
                        .bind(edge.postId(), shard(user), user, edge.version())
                        .setIdempotent(false))
                .wasApplied();
    }

    @Override
    public boolean compareAndSet(LikeEdge expected, LikeEdge next) {
        long post = next.postId();
        long user = next.userId();
        BoundStatement cas = expected.exists()
                ? updateLikeIfVersion.bind(
                        next.liked(), next.likedAt(), next.version(), post, shard(user), user, expected.version())
                : insertLikeIfAbsent.bind(post, shard(user), user, next.liked(), next.likedAt(), next.version());
        return session.execute(cas.setIdempotent(false)).wasApplied();
    }

    @Override
    public void applied(LikeEdge previous, LikeEdge next) {
        long post = next.postId();
        long user = next.userId();
        if (next.liked()) {
            // The rows written into the newest buckets decide when a bucket is full (docs/design.md, "Bounded lists").
            likers.beforeAdd(post, next.likedAt());
            liked.beforeAdd(user, next.likedAt());
        }
        writeCopies(previous, next);
    }

    @Override
    public void writeCopies(LikeEdge previous, LikeEdge next) {
        long post = next.postId();
        long user = next.userId();
        EdgeCopies copies = EdgeCopies.between(previous, next);
        long ts = copies.version();
        List<BoundStatement> likedRows = new ArrayList<>();
        List<BoundStatement> likersRows = new ArrayList<>();
        copies.removeAt().ifPresent(at -> {
            likedRows.add(liked.remove(user, at, post, ts));
            likersRows.add(likers.remove(post, at, user, ts));
        });
        copies.addAt().ifPresent(at -> {
            likedRows.add(liked.add(user, at, post, ts));
            likersRows.add(likers.add(post, at, user, ts));
        });
        // The user's liked posts first, then the post's likers, as on HBase: countAndRepair takes the likers list
        // as the witness of both copies, so no logged batch is needed for them to agree (CqlWrites says what one
        // costs).
        CqlWrites.writeAll(session, likedRows);
        CqlWrites.writeAll(session, likersRows);
    }

    private static List<Like> page(
            BucketedList list,
            long ownerId,
            Optional<LikeCursor> after,
            int limit,
            BiFunction<Instant, Long, Like> like) {
        return list.page(ownerId, after.map(c -> new BucketedList.Entry(c.likedAt(), c.id())), limit).stream()
                .map(e -> like.apply(e.at(), e.id()))
                .toList();
    }

    /** Same mixing as the HBase salt: Snowflake ids differ mostly in their high bits. */
    static int shard(long userId) {
        return Math.floorMod(Long.hashCode(userId * 0x9E3779B97F4A7C15L), SHARDS);
    }
}
