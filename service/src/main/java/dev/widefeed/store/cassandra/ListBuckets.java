package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The bucket directory ({@code list_buckets_by_owner}) of one kind of newest-first list that grows
 * with popularity, such as a user's followers. An owner's list is split by entry time into buckets
 * of about {@code bucketSize} rows: bucket b holds the entries timed at or after its start and
 * before the next bucket's. A new bucket is opened when the owner's count of entries reaches the
 * capacity of the buckets so far, and it starts {@link #OPEN_AHEAD} in the future: every writer
 * whose entry falls into it started after the directory row was written and cached entries have
 * expired, so no row is ever placed in a bucket other than the one its time maps to, and reading
 * the buckets newest first lists every entry exactly once, in order.
 */
final class ListBuckets {
    static final Duration OPEN_AHEAD = Duration.ofSeconds(10);
    private static final Duration CACHE_FOR = Duration.ofSeconds(4);

    /** One directory row: bucket number and the first since it holds. Bucket 0 starts at 0. */
    record Bucket(int number, Instant startsAt) {
    }

    private final CqlSession session;
    private final String list;
    private final int bucketSize;
    private final Clock clock;
    private final PreparedStatement select;
    private final PreparedStatement open;
    private final PreparedStatement forget;
    private final LoadingCache<Long, List<Bucket>> directory;

    /** @param list the list's name in the directory, e.g. {@code followers} */
    ListBuckets(CqlSession session, String list, int bucketSize, Clock clock) {
        this.session = session;
        this.list = list;
        this.bucketSize = bucketSize;
        this.clock = clock;
        this.select = session.prepare("SELECT bucket, starts_at FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?");
        this.forget = session.prepare("DELETE FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?");
        this.open = session.prepare("INSERT INTO list_buckets_by_owner (list, owner_id, bucket, starts_at) "
                + "VALUES (?, ?, ?, ?) IF NOT EXISTS");
        this.directory = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(CACHE_FOR).build(this::load);
    }

    /** Newest bucket first; always ends with bucket 0. */
    List<Bucket> buckets(long ownerId) {
        return directory.get(ownerId);
    }

    int bucketFor(long ownerId, Instant at) {
        return bucketFor(buckets(ownerId), at);
    }

    static int bucketFor(List<Bucket> newestFirst, Instant at) {
        for (Bucket bucket : newestFirst) {
            if (!at.isBefore(bucket.startsAt())) {
                return bucket.number();
            }
        }
        return 0;
    }

    /** Opens the next bucket, starting {@link #OPEN_AHEAD} from now, if {@code entries} fill the current ones. */
    void openNextIfFull(long ownerId, long entries) {
        int newest = buckets(ownerId).get(0).number();
        if (entries >= (long) (newest + 1) * bucketSize) {
            openAt(ownerId, newest + 1, clock.instant().plus(OPEN_AHEAD));
        }
    }

    /** Opens bucket {@code number} starting at {@code startsAt}, unless a writer already did. */
    void openAt(long ownerId, int number, Instant startsAt) {
        session.execute(open.bind(list, ownerId, number, startsAt).setIdempotent(false));
        directory.invalidate(ownerId);
    }

    /**
     * Forgets the owner's directory (an owner that is gone: nothing opens its buckets again, so the plain delete
     * cannot race a conditional open).
     */
    void forget(long ownerId) {
        session.execute(forget.bind(list, ownerId).setIdempotent(true));
        directory.invalidate(ownerId);
    }

    int bucketSize() {
        return bucketSize;
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
