package dev.widefeed.store.cassandra.rows;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.kernel.TemporaryStoreException;
import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.store.KeyedPermits;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The floor allocator of {@code comment_index}. Each bucket partition of a thread carries its last
 * floor in a static column; a comment is placed by one conditional batch (Paxos on that partition)
 * that inserts its row at {@code last + 1} and advances the static column only if it still is
 * {@code last}. The floor and the row are therefore taken together or not at all: a crash or a
 * timeout can never leave a floor allocated without its comment (no gap) or two comments at one
 * floor. A lost race answers the current last floor, so the next try needs no extra read.
 *
 * <p>Conditional writes on one partition contend (Paxos rounds abort each other and time out under
 * bursts), so this process runs at most one per thread at a time; callers queue on that thread's
 * permit for up to {@link #PERMIT_WAIT}. Other processes still race, which the compare-and-set settles.
 */
public final class CqlFloors {
    /** Floors per partition; fixed forever, since it decides where every existing floor lives. */
    public static final int FLOORS_PER_BUCKET = 100_000;

    private static final int MAX_ATTEMPTS = 50;
    private static final Duration PERMIT_WAIT = Duration.ofSeconds(10);
    private static final String KEY = "obj_id = ? AND obj_type = ? AND root_id = ? AND bucket = ?";

    private final CqlSession session;
    private final int bucketSize;
    private final ConsistencyLevel serial;
    private final PreparedStatement insertEntry;
    private final PreparedStatement claimFirst;
    private final PreparedStatement claimNext;
    private final PreparedStatement selectLast;
    private final PreparedStatement selectAt;
    private final PreparedStatement deleteBucket;
    private final KeyedPermits<CommentThread> permits = new KeyedPermits<>(1, PERMIT_WAIT);
    /** The newest bucket this process has seen per thread (buckets only ever get added). */
    private final LoadingCache<CommentThread, AtomicInteger> newestBucket = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(10))
            .build(t -> new AtomicInteger());
    /** The last floor this process placed per thread: the guess for the next placement, checked by the CAS. */
    private final Cache<CommentThread, Long> lastPlaced = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    public CqlFloors(CqlSession session, int bucketSize) {
        this.session = session;
        this.bucketSize = bucketSize;
        this.serial = CqlReads.serial(session);
        insertEntry =
                session.prepare("INSERT INTO comment_index (obj_id, obj_type, root_id, bucket, floor, comment_id, "
                        + "parent_id, author_id, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)");
        claimFirst = session.prepare("UPDATE comment_index SET last_floor = ? WHERE " + KEY + " IF last_floor = null");
        claimNext = session.prepare("UPDATE comment_index SET last_floor = ? WHERE " + KEY + " IF last_floor = ?");
        selectLast = session.prepare("SELECT last_floor FROM comment_index WHERE " + KEY + " LIMIT 1");
        deleteBucket = session.prepare("DELETE FROM comment_index WHERE " + KEY);
        selectAt = session.prepare("SELECT comment_id FROM comment_index WHERE " + KEY + " AND floor = ?");
    }

    public int bucketOf(long floor) {
        return Math.toIntExact((floor - 1) / bucketSize);
    }

    public long firstFloorOf(int bucket) {
        return (long) bucket * bucketSize + 1;
    }

    /**
     * Binds the partition key of {@code floor}'s bucket to the key's markers, wherever the statement
     * has them, and {@code others} to the remaining markers in order.
     */
    public BoundStatement bind(PreparedStatement statement, CommentThread thread, long floor, Object... others) {
        ColumnDefinitions markers = statement.getVariableDefinitions();
        Object[] values = new Object[markers.size()];
        int next = 0;
        for (int i = 0; i < values.length; i++) {
            values[i] = switch (markers.get(i).getName().asInternal()) {
                case "obj_id" -> thread.object().id();
                case "obj_type" -> thread.object().kind().stored();
                case "root_id" -> thread.rootId();
                case "bucket" -> bucketOf(floor);
                default -> others[next++];
            };
        }
        if (next != others.length) {
            throw new IllegalArgumentException(
                    "the statement has " + next + " values besides its key, not " + others.length);
        }
        return statement.bind(values);
    }

    /** Places the comment at its thread's next floor; see the class comment. */
    public long place(Comment comment) {
        CommentThread thread = comment.thread();
        return withPermit(thread, () -> {
            Long cached = lastPlaced.getIfPresent(thread);
            lastPlaced.invalidate(thread); // kept only if this placement succeeds
            long last = cached != null ? cached : highestFloor(thread);
            for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
                long floor = last + 1;
                Long current = claim(comment, floor, last);
                if (current == null) {
                    lastPlaced.put(thread, floor);
                    newestBucket.get(thread).accumulateAndGet(bucketOf(floor), Math::max);
                    return floor;
                }
                last = current;
            }
            throw new TemporaryStoreException(
                    "thread " + thread + " of comment " + comment.id() + " kept changing under " + MAX_ATTEMPTS
                            + " placements; try again",
                    null);
        });
    }

    /**
     * Deletes every partition of the thread (a deleted object's purge: nothing places on it again, so the plain
     * delete cannot race a placement's conditional write).
     */
    public void deleteAll(CommentThread thread) {
        long highest = highestFloor(thread);
        for (int bucket = highest == 0 ? 0 : bucketOf(highest); bucket >= 0; bucket--) {
            session.execute(bind(deleteBucket, thread, firstFloorOf(bucket)).setIdempotent(true));
        }
        newestBucket.invalidate(thread);
        lastPlaced.invalidate(thread);
    }

    /** Runs a conditional write of the thread's partitions (a placement, a delete) under its permit. */
    public <T> T withPermit(CommentThread thread, Supplier<T> write) {
        return permits.run(thread, write);
    }

    /** The thread's highest floor: the newest bucket's last floor, found from the newest bucket seen. */
    public long highestFloor(CommentThread thread) {
        AtomicInteger newest = newestBucket.get(thread);
        int bucket = newest.get();
        while (true) {
            long start = (long) bucket * bucketSize;
            Row row = session.execute(bind(selectLast, thread, start + 1).setIdempotent(true))
                    .one();
            if (row == null || row.isNull(0)) {
                return start; // empty: the thread ends where the full bucket before it (if any) does
            }
            long last = row.getLong(0);
            newest.accumulateAndGet(bucket, Math::max);
            if (last < start + bucketSize) {
                return last;
            }
            bucket++;
        }
    }

    /**
     * One placement attempt at {@code floor}, expecting {@code last} as the bucket's last floor.
     *
     * @return null if the comment now is at {@code floor}; else the last floor to try after
     */
    private Long claim(Comment comment, long floor, long last) {
        CommentThread thread = comment.thread();
        boolean firstOfBucket = bucketOf(floor) != bucketOf(last) || last == 0;
        BatchStatement batch = BatchStatement.newInstance(
                        BatchType.LOGGED,
                        bind(
                                insertEntry,
                                thread,
                                floor,
                                floor,
                                comment.id(),
                                comment.parentId(),
                                comment.authorId(),
                                comment.createdAt()),
                        firstOfBucket
                                ? bind(claimFirst, thread, floor, floor)
                                : bind(claimNext, thread, floor, floor, last))
                .setIdempotent(false);
        ResultSet result;
        try {
            result = session.execute(batch);
        } catch (WriteTimeoutException | CASWriteUnknownException | DriverTimeoutException e) {
            return settle(comment, floor, last, e);
        }
        Row row = result.one();
        if (row.getBoolean("[applied]")) {
            return null;
        }
        if (row.isNull("last_floor")) {
            return highestFloor(thread); // the bucket is empty: our guess was not from this thread's truth
        }
        return row.getLong("last_floor");
    }

    /**
     * After an ambiguous placement: a serial read of the floor completes or invalidates any Paxos round
     * still in flight, so what it answers is final.
     */
    private Long settle(Comment comment, long floor, long last, RuntimeException timeout) {
        Row row;
        try {
            row = session.execute(bind(selectAt, comment.thread(), floor, floor)
                            .setConsistencyLevel(serial)
                            .setIdempotent(true))
                    .one();
        } catch (RuntimeException e) {
            e.addSuppressed(timeout);
            throw new UnknownOutcomeException(
                    "Cassandra: placing comment " + comment.id() + " at floor " + floor
                            + " timed out, and so did reading it back: " + e.getMessage(),
                    e);
        }
        if (row == null) {
            return last; // not applied: try the same floor again
        }
        return row.getLong(0) == comment.id() ? null : floor;
    }
}
