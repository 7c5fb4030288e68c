package dev.widefeed.store.cassandra;

import static dev.widefeed.store.LikeFixtures.all;
import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.like.Like;
import dev.widefeed.like.LikeProtocol;
import dev.widefeed.like.LikeService;
import dev.widefeed.store.LikeFixtures;
import dev.widefeed.store.LikeStoreContract;
import dev.widefeed.store.Storage;
import dev.widefeed.store.cassandra.rows.ListBuckets;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Cassandra's like lists in partitions bounded by bucket (docs/design.md, "Bounded lists"), with buckets small enough
 * to fill; what every backend's like store must do is {@link LikeStoreContract}'s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(Tiers.STORE)
class CqlLikeStoreTest {
    private static final int SMALL_BUCKET = 10;
    private CqlSession session;

    private static Storage storage() {
        return TestStorages.cassandra();
    }

    private static long newUser() {
        return LikeFixtures.newUser(storage());
    }

    private static long newPost() {
        return LikeFixtures.newPost(storage());
    }

    private synchronized CqlSession session() {
        if (session == null) {
            storage(); // schema applied
            session = TestStorages.cassandraFactory().connect(new MetricRegistry(), TestStores.cassandra(), true);
        }
        return session;
    }

    @AfterAll
    void closeSession() {
        if (session != null) {
            session.close();
        }
    }

    /** A clock the test moves: likes seconds apart, so buckets opened ahead of "now" fill up. */
    private static final class SteppingClock extends Clock {
        private Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);

        synchronized void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public synchronized Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void hotPostsAndHeavyLikersRollOverIntoBoundedPartitionsAndStillPageCompletely() {
        SteppingClock clock = new SteppingClock();
        CqlLikeStore small = new CqlLikeStore(session(), SMALL_BUCKET, clock);
        LikeService service = TestStorages.likeService(
                storage().posts(), storage().users(), small, TestStorages.access(storage()), clock, DirtyCounters.NONE);
        long hotPost = newPost();
        long heavyLiker = newUser();
        List<Long> likers = new ArrayList<>();
        List<Long> liked = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long fan = newUser();
            service.like(fan, hotPost);
            likers.add(0, fan);
            long post = newPost();
            service.like(heavyLiker, post);
            liked.add(0, post);
            clock.advance(Duration.ofSeconds(2)); // a bucket opens ListBuckets.OPEN_AHEAD (10 s, 5 likes) ahead
        }

        List<Long> likersSizes = partitionSizes("likers", "likers_by_post", "post_id", hotPost);
        List<Long> likedSizes = partitionSizes("liked", "liked_by_user", "user_id", heavyLiker);
        System.out.printf(
                "60 likes, bucket size %d: likers partitions %s, liked partitions %s%n",
                SMALL_BUCKET, likersSizes, likedSizes);
        int bound = SMALL_BUCKET + 5; // the likes that arrive while a new bucket's start is still ahead
        assertThat(likersSizes)
                .hasSizeGreaterThanOrEqualTo(4)
                .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(bound));
        assertThat(likedSizes)
                .hasSizeGreaterThanOrEqualTo(4)
                .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(bound));
        assertThat(likersSizes.stream().mapToLong(Long::longValue).sum()).isEqualTo(60);

        List<Like> likersPaged = all((after, limit) -> service.likers(1, hotPost, after, limit), 7);
        List<Like> likedPaged = all((after, limit) -> service.likedPosts(1, heavyLiker, after, limit), 7);
        assertThat(likersPaged.stream().map(Like::userId).toList()).isEqualTo(likers);
        assertThat(likedPaged.stream().map(Like::postId).toList()).isEqualTo(liked);

        assertThat(new LikeProtocol(small, DirtyCounters.NONE).countAndRepair(hotPost))
                .isEqualTo(60);
        assertThat(service.reconcile(hotPost)).isZero();
        assertThat(new HashSet<>(small.likedAmong(heavyLiker, liked))).hasSize(60);
    }

    /**
     * Three fans like and unlike one post over and over: its live likers never pass three, but every unlike leaves
     * a tombstone in the bucket of the like's time, so the buckets close by the rows written into them
     * (docs/design.md, "Bounded lists") and no partition takes much more than a bucket's worth, live or deleted.
     */
    @Test
    void aListChurnedByTheSameFansClosesItsBucketsByTheRowsWrittenIntoThem() {
        SteppingClock clock = new SteppingClock();
        CqlLikeStore small = new CqlLikeStore(session(), SMALL_BUCKET, clock);
        LikeService service = TestStorages.likeService(
                storage().posts(), storage().users(), small, TestStorages.access(storage()), clock, DirtyCounters.NONE);
        long post = newPost();
        List<Long> fans = List.of(newUser(), newUser(), newUser());
        List<Instant> written = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long fan = fans.get(i % fans.size());
            service.like(fan, post);
            written.add(small.edge(post, fan).likedAt()); // the likers row's time: the bucket it went to
            clock.advance(Duration.ofSeconds(1));
            if (i < 60 - fans.size()) {
                service.unlike(fan, post);
            }
            clock.advance(Duration.ofSeconds(1));
        }

        List<ListBuckets.Bucket> newestFirst = new ArrayList<>();
        session()
                .execute(
                        "SELECT bucket, starts_at FROM list_buckets_by_owner WHERE list = 'likers' AND owner_id = ?",
                        post)
                .forEach(row -> newestFirst.add(new ListBuckets.Bucket(row.getInt(0), row.getInstant(1))));
        newestFirst.add(new ListBuckets.Bucket(0, Instant.EPOCH));
        long[] rowsWritten = new long[newestFirst.get(0).number() + 1];
        written.forEach(at -> rowsWritten[ListBuckets.bucketFor(newestFirst, at)]++);
        System.out.printf(
                "60 likes by 3 fans, each but the last 3 unliked, bucket size %d: rows written per "
                        + "likers partition %s%n",
                SMALL_BUCKET, Arrays.toString(rowsWritten));
        int bound = SMALL_BUCKET + 5; // the likes that arrive while a new bucket's start is still ahead
        assertThat(Arrays.stream(rowsWritten).boxed().toList())
                .hasSizeGreaterThanOrEqualTo(4)
                .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(bound));

        List<Like> likers = all((after, limit) -> service.likers(1, post, after, limit), 2);
        assertThat(likers.stream().map(Like::userId).toList()).containsExactly(fans.get(2), fans.get(1), fans.get(0));
        assertThat(partitionSizes("likers", "likers_by_post", "post_id", post).stream()
                        .mapToLong(Long::longValue)
                        .sum())
                .isEqualTo(3);
    }

    /** Rows in each bucket partition of one owner's list, oldest bucket first. */
    private List<Long> partitionSizes(String list, String table, String ownerColumn, long owner) {
        List<Long> sizes = new ArrayList<>();
        List<Row> buckets = session()
                .execute("SELECT bucket FROM list_buckets_by_owner WHERE list = ? AND owner_id = ?", list, owner)
                .all();
        int newest = buckets.isEmpty() ? 0 : buckets.get(0).getInt(0);
        for (int bucket = 0; bucket <= newest; bucket++) {
            sizes.add(session()
                    .execute(
                            "SELECT count(*) FROM " + table + " WHERE " + ownerColumn + " = ? AND bucket = ?",
                            owner,
                            bucket)
                    .one()
                    .getLong(0));
        }
        return sizes;
    }
}
