package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentThread;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.comment.store.HotCursor;
import dev.widefeed.comment.store.RankedComment;
import dev.widefeed.store.cassandra.rows.CqlFloors;
import dev.widefeed.store.cassandra.rows.CqlReads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The hot ranking on Cassandra: {@code hot_comments_by_post} by score band and floor bucket, the bands in use in
 * {@code comment_subjects}, and each comment's recorded score in {@code comment_ranks_by_id}.
 */
final class CqlHotCommentStore implements HotCommentStore {
    private final CqlSession session;
    /** The threads' floors, shared with the comment store: they bound a ranking's buckets. */
    private final CqlFloors floors;

    private final PreparedStatement selectRank;
    private final PreparedStatement setRank;
    private final PreparedStatement deleteRank;
    private final PreparedStatement addHotBand;
    private final PreparedStatement selectHotBands;
    private final PreparedStatement insertHot;
    private final PreparedStatement deleteHot;
    private final PreparedStatement selectHot;
    private final PreparedStatement selectHotBelow;
    private final PreparedStatement selectHotAfter;

    CqlHotCommentStore(CqlSession session, CqlFloors floors) {
        this.session = session;
        this.floors = floors;
        String subjectKey = " WHERE obj_id = ? AND obj_type = ?";
        deleteRank = session.prepare("DELETE FROM comment_ranks_by_id WHERE comment_id = ?");
        selectRank = session.prepare("SELECT score FROM comment_ranks_by_id WHERE comment_id = ?");
        setRank = session.prepare("UPDATE comment_ranks_by_id SET score = ? WHERE comment_id = ?");
        addHotBand = session.prepare("UPDATE comment_subjects SET hot_bands = hot_bands + ?" + subjectKey);
        selectHotBands = session.prepare("SELECT hot_bands FROM comment_subjects" + subjectKey);
        String hotKey = " WHERE obj_id = ? AND obj_type = ? AND band = ? AND bucket = ?";
        insertHot = session.prepare("INSERT INTO hot_comments_by_post (obj_id, obj_type, band, bucket, score, floor, "
                + "comment_id) VALUES (?, ?, ?, ?, ?, ?, ?)");
        deleteHot = session.prepare("DELETE FROM hot_comments_by_post" + hotKey + " AND score = ? AND floor = ?");
        String hotColumns = "SELECT score, floor, comment_id FROM hot_comments_by_post" + hotKey;
        selectHot = session.prepare(hotColumns + " LIMIT ?");
        selectHotBelow = session.prepare(hotColumns + " AND score < ? LIMIT ?");
        selectHotAfter = session.prepare(hotColumns + " AND score = ? AND floor > ? LIMIT ?");
    }

    @Override
    public long rankedScore(long commentId) {
        Row row =
                session.execute(selectRank.bind(commentId).setIdempotent(true)).one();
        return row == null ? 0 : row.getLong(0);
    }

    @Override
    public Map<Long, Long> rankedScores(Collection<Long> commentIds) {
        Map<Long, Long> scores = new HashMap<>();
        CqlReads.readAll(session, commentIds, selectRank::bind)
                .forEach((id, row) -> scores.put(id, row == null ? 0 : row.getLong(0)));
        return scores;
    }

    @Override
    public void setRankedScore(long commentId, long score) {
        session.execute(setRank.bind(score, commentId).setIdempotent(true));
    }

    @Override
    public void putRanked(RankedComment entry) {
        CommentedObject object = entry.object();
        int band = hotBand(entry.score());
        // The band first: a reader finds every entry of every band it lists.
        session.execute(addHotBand
                .bind(Set.of(band), object.id(), object.kind().stored())
                .setIdempotent(true));
        session.execute(insertHot
                .bind(
                        object.id(),
                        object.kind().stored(),
                        band,
                        hotBucket(entry.floor()),
                        entry.score(),
                        entry.floor(),
                        entry.commentId())
                .setIdempotent(true));
    }

    @Override
    public void removeRanked(RankedComment entry) {
        CommentedObject object = entry.object();
        session.execute(deleteHot
                .bind(
                        object.id(),
                        object.kind().stored(),
                        hotBand(entry.score()),
                        hotBucket(entry.floor()),
                        entry.score(),
                        entry.floor())
                .setIdempotent(true));
    }

    /**
     * Reads the bands in use from the highest down (from the cursor's), each band's buckets merged, until the page
     * is full: a few range reads of at most {@code limit} rows each.
     */
    @Override
    public List<RankedComment> ranked(CommentedObject object, Optional<HotCursor> after, int limit) {
        Row subject = session.execute(
                        selectHotBands.bind(object.id(), object.kind().stored()).setIdempotent(true))
                .one();
        Set<Integer> bands = subject == null ? Set.of() : subject.getSet(0, Integer.class);
        long highest = floors.highestFloor(CommentThread.topLevel(object));
        int buckets = highest == 0 ? 0 : hotBucket(highest) + 1;
        int fromBand = after.map(c -> hotBand(c.score())).orElse(Integer.MAX_VALUE);
        List<RankedComment> found = new ArrayList<>();
        for (int band : bands.stream()
                .filter(b -> b <= fromBand)
                .sorted(Comparator.reverseOrder())
                .toList()) {
            List<RankedComment> inBand = new ArrayList<>();
            for (int bucket = 0; bucket < buckets; bucket++) {
                Object[] key = {object.id(), object.kind().stored(), band, bucket};
                if (after.isPresent() && band == fromBand) {
                    HotCursor c = after.get();
                    inBand.addAll(hot(object, selectHotAfter.bind(append(key, c.score(), c.floor(), limit))));
                    inBand.addAll(hot(object, selectHotBelow.bind(append(key, c.score(), limit))));
                } else {
                    inBand.addAll(hot(object, selectHot.bind(append(key, limit))));
                }
            }
            inBand.sort(
                    Comparator.comparingLong(RankedComment::score).reversed().thenComparingLong(RankedComment::floor));
            found.addAll(inBand);
            if (found.size() >= limit) {
                return List.copyOf(found.subList(0, limit));
            }
        }
        return found;
    }

    @Override
    public void purgeRanking(Comment comment) {
        long score = rankedScore(comment.id());
        if (score > 0) {
            removeRanked(new RankedComment(comment.object(), score, comment.floor(), comment.id()));
        }
        session.execute(deleteRank.bind(comment.id()).setIdempotent(true));
    }

    private List<RankedComment> hot(CommentedObject object, BoundStatement query) {
        List<RankedComment> entries = new ArrayList<>();
        for (Row row : session.execute(query.setIdempotent(true))) {
            entries.add(new RankedComment(object, row.getLong(0), row.getLong(1), row.getLong(2)));
        }
        return entries;
    }

    private static Object[] append(Object[] key, Object... more) {
        Object[] all = Arrays.copyOf(key, key.length + more.length);
        System.arraycopy(more, 0, all, key.length, more.length);
        return all;
    }

    /** The score band of a ranking entry: the position of the score's highest bit (1, 2-3, 4-7, ...). */
    static int hotBand(long score) {
        return 63 - Long.numberOfLeadingZeros(score);
    }

    /** The ranking's buckets are the thread's floor buckets: no partition grows with popularity. */
    private int hotBucket(long floor) {
        return floors.bucketOf(floor);
    }
}
