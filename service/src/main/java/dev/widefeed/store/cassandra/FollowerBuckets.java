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
 * The bucket directory of {@code followers_by_user}. A user's followers are split by {@code since}
 * into buckets of about {@code bucketSize} rows: bucket b holds the edges with since at or after
 * its start and before the next bucket's. A new bucket is opened when the followers count reaches
 * the capacity of the buckets so far, and it starts {@link #OPEN_AHEAD} in the future: every writer
 * whose edge falls into it started after the directory row was written and cached entries have
 * expired, so no row is ever placed in a bucket other than the one its since maps to, and
 * following the buckets newest first lists every follower exactly once, in order.
 */
final class FollowerBuckets {
    static final Duration OPEN_AHEAD = Duration.ofSeconds(10);
    private static final Duration CACHE_FOR = Duration.ofSeconds(4);

    /** One directory row: bucket number and the first since it holds. Bucket 0 starts at 0. */
    record Bucket(int number, Instant startsAt) {
    }

    private final CqlSession session;
    private final int bucketSize;
    private final Clock clock;
    private final PreparedStatement select;
    private final PreparedStatement open;
    private final LoadingCache<Long, List<Bucket>> directory;

    FollowerBuckets(CqlSession session, int bucketSize, Clock clock) {
        this.session = session;
        this.bucketSize = bucketSize;
        this.clock = clock;
        this.select = session.prepare("SELECT bucket, starts_at FROM follower_buckets_by_user WHERE user_id = ?");
        this.open = session.prepare(
                "INSERT INTO follower_buckets_by_user (user_id, bucket, starts_at) VALUES (?, ?, ?) IF NOT EXISTS");
        this.directory = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(CACHE_FOR).build(this::load);
    }

    /** Newest bucket first; always ends with bucket 0. */
    List<Bucket> buckets(long userId) {
        return directory.get(userId);
    }

    int bucketFor(long userId, Instant since) {
        return bucketFor(buckets(userId), since);
    }

    static int bucketFor(List<Bucket> newestFirst, Instant since) {
        for (Bucket bucket : newestFirst) {
            if (!since.isBefore(bucket.startsAt())) {
                return bucket.number();
            }
        }
        return 0;
    }

    /** Opens the next bucket, starting {@link #OPEN_AHEAD} from now, if {@code followers} fill the current ones. */
    void openNextIfFull(long userId, long followers) {
        int newest = buckets(userId).get(0).number();
        if (followers >= (long) (newest + 1) * bucketSize) {
            openAt(userId, newest + 1, clock.instant().plus(OPEN_AHEAD));
        }
    }

    /** Opens bucket {@code number} starting at {@code startsAt}, unless a writer already did. */
    void openAt(long userId, int number, Instant startsAt) {
        session.execute(open.bind(userId, number, startsAt).setIdempotent(false));
        directory.invalidate(userId);
    }

    int bucketSize() {
        return bucketSize;
    }

    private List<Bucket> load(long userId) {
        List<Bucket> buckets = new ArrayList<>();
        for (Row row : session.execute(select.bind(userId).setIdempotent(true))) {
            buckets.add(new Bucket(row.getInt(0), row.getInstant(1)));
        }
        if (buckets.isEmpty() || buckets.get(buckets.size() - 1).number() != 0) {
            buckets.add(new Bucket(0, Instant.EPOCH));
        }
        return List.copyOf(buckets);
    }
}
