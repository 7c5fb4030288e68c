package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.FollowEdge;
import dev.widefeed.graph.Follower;
import dev.widefeed.graph.RelationOp;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.EdgeCopies;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.ActivityCell;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.BucketWalk;
import dev.widefeed.store.cassandra.rows.CqlReads;
import dev.widefeed.store.cassandra.rows.ListBuckets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * The follow graph on Cassandra: truth in {@code follow_edges_by_follower} (lightweight
 * transactions), copies in {@code following_by_user} and the bucketed {@code followers_by_user},
 * journal in {@code relation_journal_by_minute}.
 */
final class CqlRelationStore implements RelationStore {
    static final int JOURNAL_SHARDS = 8;
    private static final int IMPORT_ROWS_PER_BATCH = 100;

    private final CqlSession session;
    private final CqlUserStore users;
    private final ListBuckets buckets;
    private final BoundedAsync async;
    private final ConsistencyLevel serial;
    private final PreparedStatement deleteEdgeIfVersion;
    private final PreparedStatement selectEdge;
    private final PreparedStatement insertEdgeIfAbsent;
    private final PreparedStatement updateEdgeIfVersion;
    private final PreparedStatement insertEdge;
    private final PreparedStatement insertFollowing;
    private final PreparedStatement deleteFollowing;
    private final PreparedStatement insertFollower;
    private final PreparedStatement deleteFollower;
    private final PreparedStatement selectFollowing;
    private final PreparedStatement selectFollowingAfter;
    private final PreparedStatement selectFollowers;
    private final PreparedStatement selectFollowersAfter;
    private final PreparedStatement selectActiveFollowers;
    private final PreparedStatement selectActiveFollowersAfter;
    private final PreparedStatement selectEdgesOf;
    private final PreparedStatement shareLastRead;
    private final PreparedStatement shareActivity;
    private final PreparedStatement insertJournal;
    private final PreparedStatement markJournalDone;
    private final PreparedStatement selectJournal;

    CqlRelationStore(CqlSession session, CqlUserStore users, ListBuckets buckets, BoundedAsync async) {
        this.session = session;
        this.users = users;
        this.buckets = buckets;
        this.async = async;
        this.serial = CqlReads.serial(session);
        selectEdge = session.prepare("SELECT following, since, version FROM follow_edges_by_follower "
                + "WHERE follower_id = ? AND followee_id = ?");
        insertEdgeIfAbsent = session.prepare("INSERT INTO follow_edges_by_follower "
                + "(follower_id, followee_id, following, since, version) VALUES (?, ?, ?, ?, ?) IF NOT EXISTS");
        updateEdgeIfVersion = session.prepare("UPDATE follow_edges_by_follower SET following = ?, since = ?, "
                + "version = ? WHERE follower_id = ? AND followee_id = ? IF version = ?");
        deleteEdgeIfVersion = session.prepare("DELETE FROM follow_edges_by_follower WHERE follower_id = ? "
                + "AND followee_id = ? IF version = ? AND following = false");
        insertEdge = session.prepare("INSERT INTO follow_edges_by_follower "
                + "(follower_id, followee_id, following, since, version) VALUES (?, ?, ?, ?, ?) USING TIMESTAMP ?");
        insertFollowing = session.prepare(
                "INSERT INTO following_by_user (user_id, since, followee_id) " + "VALUES (?, ?, ?) USING TIMESTAMP ?");
        deleteFollowing = session.prepare("DELETE FROM following_by_user USING TIMESTAMP ? "
                + "WHERE user_id = ? AND since = ? AND followee_id = ?");
        insertFollower = session.prepare("INSERT INTO followers_by_user (user_id, bucket, since, follower_id) "
                + "VALUES (?, ?, ?, ?) USING TIMESTAMP ?");
        deleteFollower = session.prepare("DELETE FROM followers_by_user USING TIMESTAMP ? "
                + "WHERE user_id = ? AND bucket = ? AND since = ? AND follower_id = ?");
        selectFollowing =
                session.prepare("SELECT since, followee_id FROM following_by_user " + "WHERE user_id = ? LIMIT ?");
        selectFollowingAfter = session.prepare("SELECT since, followee_id FROM following_by_user "
                + "WHERE user_id = ? AND (since, followee_id) < (?, ?) LIMIT ?");
        selectFollowers = session.prepare("SELECT since, follower_id, last_read, activity FROM followers_by_user "
                + "WHERE user_id = ? AND bucket = ? LIMIT ?");
        selectFollowersAfter = session.prepare("SELECT since, follower_id, last_read, activity FROM followers_by_user "
                + "WHERE user_id = ? AND bucket = ? AND (since, follower_id) < (?, ?) LIMIT ?");
        // Filtering inside one partition (both key parts bound): the replica skips the inactive rows as it
        // reads them, and the LIMIT counts only the rows it returns.
        selectActiveFollowers = session.prepare("SELECT since, follower_id, last_read, activity "
                + "FROM followers_by_user WHERE user_id = ? AND bucket = ? AND last_read >= ? LIMIT ? ALLOW FILTERING");
        selectActiveFollowersAfter = session.prepare("SELECT since, follower_id, last_read, activity "
                + "FROM followers_by_user WHERE user_id = ? AND bucket = ? AND (since, follower_id) < (?, ?) "
                + "AND last_read >= ? LIMIT ? ALLOW FILTERING");
        selectEdgesOf = session.prepare("SELECT followee_id, following, since, version FROM follow_edges_by_follower "
                + "WHERE follower_id = ?");
        shareLastRead = session.prepare("UPDATE followers_by_user USING TIMESTAMP ? SET last_read = ? "
                + "WHERE user_id = ? AND bucket = ? AND since = ? AND follower_id = ?");
        shareActivity = session.prepare("UPDATE followers_by_user USING TIMESTAMP ? SET last_read = ?, activity = ? "
                + "WHERE user_id = ? AND bucket = ? AND since = ? AND follower_id = ?");
        insertJournal = session.prepare("INSERT INTO relation_journal_by_minute (minute, shard, op_id, "
                + "follower_id, followee_id, from_following, from_since, from_version, to_following, to_since, "
                + "to_version, done) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false)");
        markJournalDone = session.prepare(
                "UPDATE relation_journal_by_minute SET done = true " + "WHERE minute = ? AND shard = ? AND op_id = ?");
        selectJournal = session.prepare("SELECT * FROM relation_journal_by_minute WHERE minute = ? AND shard = ?");
    }

    @Override
    public FollowEdge edge(long followerId, long followeeId) {
        return edge(followerId, followeeId, selectEdge.bind(followerId, followeeId));
    }

    /** A read at the serial consistency, which first completes a Paxos round left in progress on the partition. */
    @Override
    public FollowEdge decidedEdge(long followerId, long followeeId) {
        return edge(
                followerId, followeeId, selectEdge.bind(followerId, followeeId).setConsistencyLevel(serial));
    }

    private FollowEdge edge(long followerId, long followeeId, BoundStatement read) {
        Row row = session.execute(read.setIdempotent(true)).one();
        if (row == null) {
            return FollowEdge.absent(followerId, followeeId);
        }
        return new FollowEdge(followerId, followeeId, row.getBoolean(0), row.getInstant(1), row.getLong(2));
    }

    @Override
    public Map<FollowEdge.Key, FollowEdge> edges(Collection<FollowEdge.Key> keys) {
        Map<FollowEdge.Key, FollowEdge> found = new HashMap<>();
        CqlReads.readAll(session, keys, key -> selectEdge.bind(key.followerId(), key.followeeId()))
                .forEach((key, row) -> found.put(
                        key,
                        row == null
                                ? FollowEdge.absent(key.followerId(), key.followeeId())
                                : new FollowEdge(
                                        key.followerId(),
                                        key.followeeId(),
                                        row.getBoolean(0),
                                        row.getInstant(1),
                                        row.getLong(2))));
        return found;
    }

    @Override
    public boolean compareAndSet(FollowEdge expected, FollowEdge next) {
        BoundStatement cas = expected.exists()
                ? updateEdgeIfVersion.bind(
                        next.following(),
                        next.since(),
                        next.version(),
                        next.followerId(),
                        next.followeeId(),
                        expected.version())
                : insertEdgeIfAbsent.bind(
                        next.followerId(), next.followeeId(), next.following(), next.since(), next.version());
        return session.execute(cas.setIdempotent(false)).wasApplied();
    }

    @Override
    public boolean delete(FollowEdge edge) {
        return session.execute(deleteEdgeIfVersion
                        .bind(edge.followerId(), edge.followeeId(), edge.version())
                        .setIdempotent(false))
                .wasApplied();
    }

    @Override
    public void writeCopies(FollowEdge previous, FollowEdge next) {
        long follower = next.followerId();
        long followee = next.followeeId();
        EdgeCopies copies = EdgeCopies.between(previous, next);
        long ts = copies.version();
        BatchStatementBuilder batch = BatchStatement.builder(BatchType.LOGGED);
        copies.removeAt().ifPresent(at -> {
            batch.addStatement(deleteFollowing.bind(ts, follower, at, followee));
            batch.addStatement(deleteFollower.bind(ts, followee, buckets.bucketFor(followee, at), at, follower));
        });
        if (copies.addAt().isPresent()) {
            Instant at = copies.addAt().get();
            buckets.beforeAdd(followee, at);
            batch.addStatement(insertFollowing.bind(follower, at, followee, ts));
            batch.addStatement(insertFollower.bind(followee, buckets.bucketFor(followee, at), at, follower, ts));
        }
        if (batch.getStatementsCount() > 0) {
            // Logged: both copies land together or not at all, even if this process dies right now.
            session.execute(batch.build().setIdempotent(true));
        }
    }

    @Override
    public List<Follow> following(long userId, Optional<FollowCursor> after, int limit) {
        BoundStatement query = after.map(c -> selectFollowingAfter.bind(userId, c.since(), c.userId(), limit))
                .orElseGet(() -> selectFollowing.bind(userId, limit));
        List<Follow> page = new ArrayList<>(Math.min(limit, 1024));
        for (Row row : session.execute(query.setIdempotent(true).setPageSize(Math.min(limit, 5000)))) {
            page.add(new Follow(row.getLong(1), row.getInstant(0)));
        }
        return page;
    }

    @Override
    public List<Follow> followers(long userId, Optional<FollowCursor> after, int limit) {
        return followerRows(userId, after, limit, Optional.empty()).stream()
                .map(f -> new Follow(f.userId(), f.since()))
                .toList();
    }

    @Override
    public List<Follower> followersWithActivity(long userId, Optional<FollowCursor> after, int limit) {
        return followerRows(userId, after, limit, Optional.empty());
    }

    @Override
    public List<Follower> activeFollowers(long userId, Optional<FollowCursor> after, int limit, Instant readSince) {
        return followerRows(userId, after, limit, Optional.of(readSince));
    }

    /**
     * Every edge the user follows by, from the user's own truth partition (at most the following
     * limit), gets the read on its followers copy, at the edge's version: the timestamp the copy was
     * written with, so a later unfollow's delete shadows it.
     */
    @Override
    public void shareActivity(long userId, Instant lastRead, OptionalDouble readsPerDay) {
        List<BoundStatement> writes = new ArrayList<>();
        for (Row row :
                session.execute(selectEdgesOf.bind(userId).setIdempotent(true).setPageSize(5000))) {
            if (row.getBoolean("following")) {
                writes.add(shareOnEdge(
                        userId,
                        row.getLong("followee_id"),
                        row.getInstant("since"),
                        row.getLong("version"),
                        lastRead,
                        readsPerDay));
            }
        }
        async.runAll(writes, session::executeAsync);
    }

    @Override
    public void shareActivity(long followerId, long followeeId, Instant lastRead, OptionalDouble readsPerDay) {
        FollowEdge edge = edge(followerId, followeeId);
        if (edge.following()) {
            session.execute(shareOnEdge(followerId, followeeId, edge.since(), edge.version(), lastRead, readsPerDay));
        }
    }

    /** The last read (and the read rate, when known) onto the edge's followers copy, at the edge's version. */
    private BoundStatement shareOnEdge(
            long followerId,
            long followeeId,
            Instant since,
            long version,
            Instant lastRead,
            OptionalDouble readsPerDay) {
        int bucket = buckets.bucketFor(followeeId, since);
        BoundStatement write = readsPerDay.isPresent()
                ? shareActivity.bind(
                        version,
                        lastRead,
                        ActivityCell.pack(lastRead, readsPerDay.getAsDouble()),
                        followeeId,
                        bucket,
                        since,
                        followerId)
                : shareLastRead.bind(version, lastRead, followeeId, bucket, since, followerId);
        return write.setIdempotent(true);
    }

    /** A page of followers across buckets, newest first; with {@code readSince}, only those who read since then. */
    private List<Follower> followerRows(
            long userId, Optional<FollowCursor> after, int limit, Optional<Instant> readSince) {
        return BucketWalk.page(
                buckets.pageFrom(userId, after.map(FollowCursor::since)), limit, (bucket, first, want) -> {
                    BoundStatement query =
                            followersQuery(userId, bucket, first ? after : Optional.empty(), want, readSince);
                    return session.execute(query.setIdempotent(true).setPageSize(Math.min(want, 5000)))
                            .map(row -> new Follower(
                                    row.getLong(1),
                                    row.getInstant(0),
                                    Optional.ofNullable(row.getInstant(2)),
                                    ActivityCell.readsPerDay(row.isNull(3) ? null : row.getLong(3))));
                });
    }

    private BoundStatement followersQuery(
            long userId, int bucket, Optional<FollowCursor> after, int want, Optional<Instant> readSince) {
        if (readSince.isPresent()) {
            return after.isPresent()
                    ? selectActiveFollowersAfter.bind(
                            userId, bucket, after.get().since(), after.get().userId(), readSince.get(), want)
                    : selectActiveFollowers.bind(userId, bucket, readSince.get(), want);
        }
        return after.isPresent()
                ? selectFollowersAfter.bind(
                        userId, bucket, after.get().since(), after.get().userId(), want)
                : selectFollowers.bind(userId, bucket, want);
    }

    @Override
    public void journalIntent(RelationOp op) {
        FollowEdge from = op.from();
        FollowEdge to = op.to();
        BoundStatement intent = insertJournal.bind(
                minuteOf(op),
                shardOf(op),
                op.opId(),
                op.followerId(),
                op.followeeId(),
                from.following(),
                from.since(),
                from.version(),
                to.following(),
                to.since(),
                to.version());
        // A bound null is written as a tombstone cell, which every read of the minute then walks past: an absent
        // edge has no since, so its column is left unset instead (it reads back as null all the same).
        if (from.since() == null) {
            intent = intent.unset("from_since");
        }
        if (to.since() == null) {
            intent = intent.unset("to_since");
        }
        session.execute(intent.setIdempotent(true));
    }

    @Override
    public void journalDone(RelationOp op) {
        session.execute(
                markJournalDone.bind(minuteOf(op), shardOf(op), op.opId()).setIdempotent(true));
    }

    @Override
    public List<RelationOp> unfinished(Instant from, Instant to) {
        return journal(from, to, false);
    }

    @Override
    public List<RelationOp> journaled(Instant from, Instant to) {
        return journal(from, to, true);
    }

    private List<RelationOp> journal(Instant from, Instant to, boolean withDone) {
        List<RelationOp> ops = new ArrayList<>();
        // Every minute that starts before `to`: compared as instants, since `to` may lie in the first second of a
        // minute whose entries would be missed by a comparison of whole seconds.
        for (long minute = from.getEpochSecond() / 60;
                Instant.ofEpochSecond(minute * 60).isBefore(to);
                minute++) {
            for (int shard = 0; shard < JOURNAL_SHARDS; shard++) {
                for (Row row : session.execute(selectJournal.bind(minute, shard).setIdempotent(true))) {
                    RelationOp op = journalEntry(row);
                    Instant issued = IdGenerator.timeOf(op.opId());
                    if ((withDone || !row.getBoolean("done")) && !issued.isBefore(from) && issued.isBefore(to)) {
                        ops.add(op);
                    }
                }
            }
        }
        return ops;
    }

    @Override
    public void importEdges(List<FollowEdge> edges) {
        Map<Long, List<FollowEdge>> byFollowee =
                edges.stream().filter(FollowEdge::following).collect(Collectors.groupingBy(FollowEdge::followeeId));
        List<Statement<?>> writes = new ArrayList<>(edges.size() * 2);
        Map<Long, Long> followingAdded = new HashMap<>();
        for (Map.Entry<Long, List<FollowEdge>> group : byFollowee.entrySet()) {
            long followee = group.getKey();
            List<FollowEdge> sorted = group.getValue().stream()
                    .sorted(Comparator.comparing(FollowEdge::since))
                    .toList();
            List<BoundStatement> followerRows = assignBuckets(followee, sorted);
            for (int i = 0; i < followerRows.size(); i += IMPORT_ROWS_PER_BATCH) {
                // Consecutive rows of one followee mostly share a bucket partition: batch those together.
                writes.addAll(singlePartitionBatches(
                        followerRows.subList(i, Math.min(followerRows.size(), i + IMPORT_ROWS_PER_BATCH))));
            }
            for (FollowEdge edge : sorted) {
                writes.add(insertEdge.bind(
                        edge.followerId(), edge.followeeId(), true, edge.since(), edge.version(), edge.version()));
                writes.add(insertFollowing.bind(edge.followerId(), edge.since(), edge.followeeId(), edge.version()));
                followingAdded.merge(edge.followerId(), 1L, Long::sum);
            }
        }
        writes.replaceAll(s -> s.setIdempotent(true)); // explicit timestamps make every import write replayable
        async.runAll(writes, session::executeAsync);
        List<Statement<?>> counts = new ArrayList<>(byFollowee.size() + followingAdded.size());
        byFollowee.forEach((followee, group) ->
                counts.add(users.addCountsStatement(followee, UserCounts.followers(group.size()))));
        followingAdded.forEach(
                (follower, n) -> counts.add(users.addCountsStatement(follower, UserCounts.following(n))));
        async.runAll(counts, session::executeAsync);
    }

    /**
     * Follower rows for {@code sorted} (oldest first), opening buckets as the count passes their size, and counted
     * as written into their buckets.
     */
    private List<BoundStatement> assignBuckets(long followee, List<FollowEdge> sorted) {
        long count = users.counts(followee).followers();
        int bucket = buckets.buckets(followee).get(0).number();
        List<BoundStatement> rows = new ArrayList<>(sorted.size());
        Instant previousSince = null;
        for (FollowEdge edge : sorted) {
            boolean full = count >= (long) (bucket + 1) * buckets.bucketSize();
            // Open a bucket only where since changes, so equal sinces never straddle two buckets.
            if (full && !edge.since().equals(previousSince)) {
                bucket++;
                buckets.openAt(followee, bucket, edge.since());
            }
            rows.add(insertFollower.bind(followee, bucket, edge.since(), edge.followerId(), edge.version()));
            previousSince = edge.since();
            count++;
        }
        rows.stream()
                .collect(Collectors.groupingBy(row -> row.getInt(1), Collectors.counting()))
                .forEach((inBucket, written) -> buckets.countWrite(followee, inBucket, written));
        return rows;
    }

    private static List<Statement<?>> singlePartitionBatches(List<BoundStatement> rows) {
        Map<Object, BatchStatementBuilder> byPartition = new HashMap<>();
        for (BoundStatement row : rows) {
            Object partition = List.of(row.getLong(0), row.getInt(1));
            byPartition
                    .computeIfAbsent(partition, k -> BatchStatement.builder(BatchType.UNLOGGED))
                    .addStatement(row);
        }
        List<Statement<?>> batches = new ArrayList<>(byPartition.size());
        byPartition.values().forEach(b -> batches.add(b.build()));
        return batches;
    }

    private RelationOp journalEntry(Row row) {
        long follower = row.getLong("follower_id");
        long followee = row.getLong("followee_id");
        FollowEdge from = new FollowEdge(
                follower,
                followee,
                row.getBoolean("from_following"),
                row.getInstant("from_since"),
                row.getLong("from_version"));
        FollowEdge to = new FollowEdge(
                follower,
                followee,
                row.getBoolean("to_following"),
                row.getInstant("to_since"),
                row.getLong("to_version"));
        return new RelationOp(row.getLong("op_id"), from, to);
    }

    private static long minuteOf(RelationOp op) {
        return IdGenerator.timeOf(op.opId()).getEpochSecond() / 60;
    }

    private static int shardOf(RelationOp op) {
        return (int) Math.floorMod(op.followerId(), (long) JOURNAL_SHARDS);
    }
}
