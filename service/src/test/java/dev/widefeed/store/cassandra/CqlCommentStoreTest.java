package dev.widefeed.store.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.comment.store.RankedComment;
import dev.widefeed.store.CommentStoreContract;
import dev.widefeed.store.cassandra.rows.CqlFloors;
import dev.widefeed.testing.TestStorages;
import dev.widefeed.testing.Tiers;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Cassandra's comment floors and rankings across bucket partitions, with buckets small enough to fill; what every
 * backend's comment store must do is {@link CommentStoreContract}'s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(Tiers.STORE)
class CqlCommentStoreTest {
    private CqlSession session;

    private synchronized CqlSession session() {
        if (session == null) {
            TestStorages.cassandra(); // schema applied
            session = TestStorages.cassandraFactory().connect(new MetricRegistry(), null, true);
        }
        return session;
    }

    @AfterAll
    void closeSession() {
        if (session != null) {
            session.close();
        }
    }

    /** With 10 floors per bucket, the ranking of 25 comments spans three buckets per band and still reads in order. */
    @Test
    void theHotRankingMergesBucketsWithinABand() {
        CqlFloors floors = new CqlFloors(session(), 10);
        CommentStore store = new CqlCommentStore(session(), floors);
        HotCommentStore hot = new CqlHotCommentStore(session(), floors);
        CommentThread thread =
                CommentThread.topLevel(CommentedObject.post(TestStorages.ids().next()));
        List<RankedComment> all = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            long id = TestStorages.ids().next();
            Comment comment = new Comment(id, thread.object(), 1, 0, 0, 0, "c" + i, java.time.Instant.now(), false);
            store.writeContent(comment);
            long floor = store.place(comment);
            RankedComment entry = new RankedComment(thread.object(), 4 + (floor % 3), floor, id); // band 2
            hot.putRanked(entry);
            all.add(entry);
        }
        all.sort(java.util.Comparator.comparingLong(RankedComment::score)
                .reversed()
                .thenComparingLong(RankedComment::floor));
        List<RankedComment> paged = new ArrayList<>();
        java.util.Optional<dev.widefeed.comment.store.HotCursor> after = java.util.Optional.empty();
        while (true) {
            List<RankedComment> page = hot.ranked(thread.object(), after, 4);
            paged.addAll(page);
            if (page.size() < 4) {
                break;
            }
            after = java.util.Optional.of(page.get(page.size() - 1).position());
        }
        assertThat(paged).isEqualTo(all);
    }

    /** With 10 floors per bucket, 25 comments span three partitions and still number 1..25 without a gap. */
    @Test
    void floorsCrossBucketBoundariesWithoutAGap() throws Exception {
        CommentStore store = new CqlCommentStore(session(), new CqlFloors(session(), 10));
        CommentThread thread =
                CommentThread.topLevel(CommentedObject.post(TestStorages.ids().next()));
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<Long>> floors = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                floors.add(pool.submit(() -> {
                    Comment c = new Comment(
                            TestStorages.ids().next(),
                            thread.object(),
                            7,
                            0,
                            0,
                            0,
                            "x",
                            Instant.now().truncatedTo(ChronoUnit.MILLIS),
                            false);
                    store.writeContent(c);
                    return store.place(c);
                }));
            }
            List<Long> placed = new ArrayList<>();
            for (Future<Long> f : floors) {
                placed.add(f.get());
            }
            assertThat(placed.stream().sorted().toList())
                    .isEqualTo(LongStream.rangeClosed(1, 25).boxed().toList());
        } finally {
            pool.shutdownNow();
        }
        assertThat(store.highestFloor(thread)).isEqualTo(25);
        assertThat(new CqlCommentStore(session(), new CqlFloors(session(), 10)).highestFloor(thread))
                .isEqualTo(25); // a cold process finds it too
        assertThat(store.floors(thread, 8, 22).stream().map(Comment::floor).toList())
                .isEqualTo(LongStream.rangeClosed(8, 22).boxed().toList());
    }
}
