package dev.widefeed.store.cassandra.rows;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.widefeed.store.BucketWalk;
import dev.widefeed.store.cassandra.setup.CqlCounterWrites;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bucket directory ({@code list_buckets_by_owner}) of one kind of newest-first list that grows
 * with popularity, such as a user's followers. An owner's list is split by entry time into buckets
 * of about {@code bucketSize} rows: bucket b holds the entries timed at or after its start and
 * before the next bucket's. A new bucket is opened when the owner's count of entries reaches the
 * capacity of the buckets so far, or when the rows written into the newest bucket reach
 * {@code bucketSize}, live or deleted since ({@code list_bucket_writes_by_owner}): a list churned by
 * the same users leaves a tombstone per removed entry in its bucket, and those must stay bounded too
 * (docs/design.md, "Bounded lists"). The new bucket starts {@link #OPEN_AHEAD} in the future: every
 * writer whose entry falls into it started after the directory row was written and cached entries
 * have expired, so no row is ever placed in a bucket other than the one its time maps to, and reading
 * the buckets newest first lists every entry exactly once, in order.
 */
public final class ListBuckets {
    private static final Logger LOG = LoggerFactory.getLogger(ListBuckets.class);
    static final Duration OPEN_AHEAD = Duration.ofSeconds(10);
    private static final Duration CACHE_FOR = Duration.ofSeconds(4);

    /** One directory row: bucket number and the first since it holds. Bucket 0 starts at 0. */
    public record Bucket(int number, Instant startsAt) {}

    private final CqlSession session;
    private final String list;
    private final int bucketSize;
    private final Clock clock;
    private final PreparedStatement select;
    private final PreparedStatement open;
    private final PreparedStatement forget;
    private final PreparedStatement countWritten;
    private final PreparedStatement selectWritten;
    private final PreparedStatement forgetWritten;
    private final LoadingCache<Long, List<Bucket>> directory;
    /** Rows written into a bucket as last read, plus what this instance counted since. */
    private final LoadingCache<BucketKey, Long> written;
    /** One write in this many is counted, as this many: a bucket's size needs no exact count (see #countWrite). */
    private final int writeSample;

    private record BucketKey(long ownerId, int bucket) {}

    /** @param list the list's name in the directory, e.g. {@code followers} */
    public ListBuckets(CqlSession session, String list, int bucketSize, Clock clock) {
        this.session = session;
        this.list = list;
        this.bucketSize = bucketSize;
        this.clock = clock;
        this.select =
                session.prepare("SELECT bucket, starts_at FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?");
        this.forget = session.prepare("DELETE FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?");
        this.open = session.prepare("INSERT INTO list_buckets_by_owner (list, owner_id, bucket, starts_at) "
                + "VALUES (?, ?, ?, ?) IF NOT EXISTS");
        this.countWritten = CqlCounterWrites.prepare(
                session,
                "UPDATE list_bucket_writes_by_owner SET written = written + ? "
                        + "WHERE list = ? AND owner_id = ? AND bucket = ?");
        this.selectWritten = session.prepare(
                "SELECT written FROM list_bucket_writes_by_owner " + "WHERE list = ? AND owner_id = ? AND bucket = ?");
        this.forgetWritten = session.prepare("DELETE FROM list_bucket_writes_by_owner WHERE list = ? AND owner_id = ?");
        this.directory = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(CACHE_FOR)
                .build(this::load);
        this.written = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(CACHE_FOR)
                .build(this::loadWritten);
        this.writeSample = Math.max(1, bucketSize / 1_000);
    }

    /** Newest bucket first; always ends with bucket 0. */
    public List<Bucket> buckets(long ownerId) {
        return directory.get(ownerId);
    }

    public int bucketFor(long ownerId, Instant at) {
        return bucketFor(buckets(ownerId), at);
    }

    /** The buckets a page reads, newest first: from the one its cursor's time {@code after} maps to, or the newest. */
    public List<Integer> pageFrom(long ownerId, Optional<Instant> after) {
        List<Bucket> newestFirst = buckets(ownerId);
        return BucketWalk.downFrom(after.map(at -> bucketFor(newestFirst, at))
                .orElse(newestFirst.get(0).number()));
    }

    public static int bucketFor(List<Bucket> newestFirst, Instant at) {
        for (Bucket bucket : newestFirst) {
            if (!at.isBefore(bucket.startsAt())) {
                return bucket.number();
            }
        }
        return 0;
    }

    /**
     * Opens the next bucket, starting {@link #OPEN_AHEAD} from now, if {@code entries} fill the current ones: for a
     * list whose entries are never removed, such as reposts counted ever, where entries are the rows written.
     */
    public void openNextIfFull(long ownerId, long entries) {
        int newest = buckets(ownerId).get(0).number();
        if (entries >= (long) (newest + 1) * bucketSize) {
            openAt(ownerId, newest + 1, clock.instant().plus(OPEN_AHEAD));
        }
    }

    /**
     * Call before adding an entry timed {@code at} to a list whose entries are also removed: counts this row in the
     * bucket it goes to ({@link #countWrite}) and, when the count is sent, opens the next bucket if the rows written
     * into the newest one reach the bucket size. So a list is checked as often as its rows are counted, one add in
     * {@link #writeSample} (a hot list many times a second, a cold one seldom), and an add costs no read of its own
     * but the directory's, cached.
     */
    public void beforeAdd(long ownerId, Instant at) {
        List<Bucket> newestFirst = buckets(ownerId);
        if (countWrite(ownerId, bucketFor(newestFirst, at), 1)) {
            int newest = newestFirst.get(0).number();
            if (written.get(new BucketKey(ownerId, newest)) >= bucketSize) {
                openAt(ownerId, newest + 1, clock.instant().plus(OPEN_AHEAD));
            }
        }
    }

    /**
     * Counts rows written into a bucket. A counter update per entry would add a write to every follow and like, so
     * one in {@link #writeSample} is counted, as that many (a thousandth of the bucket size: the count stays within
     * a few percent); the update is not waited for, and one lost leaves a bucket a little larger. This instance adds
     * it to its cached count at once, so its own writes are seen before the cache is next read.
     *
     * @return whether the rows were counted (sent to the store) this time
     */
    public boolean countWrite(long ownerId, int bucket, long rows) {
        long counted = writeSample == 1 || rows >= writeSample
                ? rows
                : ThreadLocalRandom.current().nextInt(writeSample) < rows ? writeSample : 0;
        if (counted == 0) {
            return false;
        }
        written.asMap().computeIfPresent(new BucketKey(ownerId, bucket), (key, before) -> before + counted);
        session.executeAsync(countWritten.bind(counted, list, ownerId, bucket).setIdempotent(false))
                .whenComplete((done, failed) -> {
                    if (failed != null) {
                        LOG.debug(
                                "rows written into bucket {} of {} {} not counted: {}",
                                bucket,
                                list,
                                ownerId,
                                failed.toString());
                    }
                });
        return true;
    }

    /** Opens bucket {@code number} starting at {@code startsAt}, unless a writer already did. */
    public void openAt(long ownerId, int number, Instant startsAt) {
        session.execute(open.bind(list, ownerId, number, startsAt).setIdempotent(false));
        directory.invalidate(ownerId);
    }

    /**
     * Forgets the owner's directory (an owner that is gone: nothing opens its buckets again, so the plain delete
     * cannot race a conditional open).
     */
    public void forget(long ownerId) {
        session.execute(forgetWritten.bind(list, ownerId).setIdempotent(true));
        session.execute(forget.bind(list, ownerId).setIdempotent(true));
        directory.invalidate(ownerId);
    }

    public int bucketSize() {
        return bucketSize;
    }

    private long loadWritten(BucketKey key) {
        Row row = session.execute(
                        selectWritten.bind(list, key.ownerId(), key.bucket()).setIdempotent(true))
                .one();
        return row == null ? 0 : row.getLong(0);
    }

    private List<Bucket> load(long ownerId) {
        List<Bucket> buckets = new ArrayList<>();
        for (Row row : session.execute(select.bind(list, ownerId).setIdempotent(true))) {
            buckets.add(new Bucket(row.getInt(0), row.getInstant(1)));
        }
        if (buckets.isEmpty() || buckets.get(buckets.size() - 1).number() != 0) {
            buckets.add(new Bucket(0, Instant.EPOCH));
        }
        return List.copyOf(buckets);
    }
}
