package dev.widefeed.store.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.store.cassandra.rows.CqlReads;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Comment votes on Cassandra: {@code comment_votes_by_comment} (lightweight transactions only) and
 * {@code comment_votes_by_user}.
 */
final class CqlCommentVoteStore implements CommentVoteStore {
    /**
     * A comment's votes are spread over this many partitions by user, so that they can be listed (reconcile recounts
     * them) while no partition grows past a few tens of thousands of rows for a comment with a million votes.
     */
    static final int VOTE_BUCKETS = 32;

    private final CqlSession session;
    private final PreparedStatement selectVote;
    private final PreparedStatement voteFromNone;
    private final PreparedStatement voteFrom;
    private final PreparedStatement selectVotes;
    private final PreparedStatement insertVoted;
    private final PreparedStatement deleteVoted;
    private final PreparedStatement deleteVoteIfNone;
    private final PreparedStatement selectVoted;
    private final PreparedStatement selectVotedAfter;
    private final PreparedStatement selectVotedAmong;
    private final PreparedStatement deleteVotes;

    CqlCommentVoteStore(CqlSession session) {
        this.session = session;
        String voteKey = " WHERE comment_id = ? AND bucket = ? AND user_id = ?";
        selectVote = session.prepare("SELECT vote FROM comment_votes_by_comment" + voteKey);
        // A vote row that says none is either absent or was unvoted (0): both are "none".
        voteFromNone =
                session.prepare("UPDATE comment_votes_by_comment SET vote = ?" + voteKey + " IF vote IN (null, 0)");
        voteFrom = session.prepare("UPDATE comment_votes_by_comment SET vote = ?" + voteKey + " IF vote = ?");
        selectVotes = session.prepare("SELECT vote FROM comment_votes_by_comment WHERE comment_id = ? AND bucket = ?");
        deleteVoted = session.prepare("DELETE FROM comment_votes_by_user WHERE user_id = ? AND comment_id = ?");
        deleteVoteIfNone = session.prepare("DELETE FROM comment_votes_by_comment WHERE comment_id = ? AND bucket = ? "
                + "AND user_id = ? IF vote = 0");
        insertVoted = session.prepare("INSERT INTO comment_votes_by_user (user_id, comment_id) VALUES (?, ?)");
        selectVoted = session.prepare("SELECT comment_id FROM comment_votes_by_user WHERE user_id = ? LIMIT ?");
        selectVotedAfter = session.prepare(
                "SELECT comment_id FROM comment_votes_by_user WHERE user_id = ? " + "AND comment_id > ? LIMIT ?");
        selectVotedAmong = session.prepare(
                "SELECT comment_id FROM comment_votes_by_user WHERE user_id = ? " + "AND comment_id IN ?");
        deleteVotes = session.prepare("DELETE FROM comment_votes_by_comment WHERE comment_id = ? AND bucket = ?");
    }

    @Override
    public Vote vote(long commentId, long userId) {
        Row row = session.execute(
                        selectVote.bind(commentId, voteBucket(userId), userId).setIdempotent(true))
                .one();
        return vote(row);
    }

    @Override
    public Map<Long, Vote> votesOf(long userId, Collection<Long> commentIds) {
        Map<Long, Vote> votes = new HashMap<>();
        CqlReads.readAll(session, commentIds, id -> selectVote.bind(id, voteBucket(userId), userId))
                .forEach((id, row) -> votes.put(id, vote(row)));
        return votes;
    }

    @Override
    public CommentCounts countVotes(long commentId) {
        long likes = 0;
        long hates = 0;
        for (int bucket = 0; bucket < VOTE_BUCKETS; bucket++) {
            for (Row row : session.execute(selectVotes.bind(commentId, bucket).setIdempotent(true))) { // paged
                Vote vote = vote(row);
                likes += vote == Vote.LIKE ? 1 : 0;
                hates += vote == Vote.HATE ? 1 : 0;
            }
        }
        return new CommentCounts(0, likes, hates);
    }

    @Override
    public void listVote(long commentId, long userId) {
        session.execute(insertVoted.bind(userId, commentId).setIdempotent(true));
    }

    @Override
    public List<Long> votedComments(long userId, Optional<Long> after, int limit) {
        BoundStatement query =
                after.isPresent() ? selectVotedAfter.bind(userId, after.get(), limit) : selectVoted.bind(userId, limit);
        List<Long> ids = new ArrayList<>();
        session.execute(query.setIdempotent(true)).forEach(row -> ids.add(row.getLong(0)));
        return ids;
    }

    @Override
    public Set<Long> votedAmong(long userId, Collection<Long> commentIds) {
        if (commentIds.isEmpty()) {
            return Set.of();
        }
        Set<Long> voted = new HashSet<>();
        // One partition: the IN is on its clustering column, so the node reads it once.
        for (Row row : session.execute(
                selectVotedAmong.bind(userId, List.copyOf(commentIds)).setIdempotent(true))) {
            voted.add(row.getLong(0));
        }
        return voted;
    }

    @Override
    public void unlistVote(long commentId, long userId) {
        session.execute(deleteVoted.bind(userId, commentId).setIdempotent(true));
    }

    @Override
    public void deleteVote(long commentId, long userId) {
        session.execute(
                deleteVoteIfNone.bind(commentId, voteBucket(userId), userId).setIdempotent(false));
    }

    @Override
    public boolean compareAndSetVote(long commentId, long userId, Vote expected, Vote next) {
        var cas = expected == Vote.NONE
                ? voteFromNone.bind(next.code(), commentId, voteBucket(userId), userId)
                : voteFrom.bind(next.code(), commentId, voteBucket(userId), userId, expected.code());
        return session.execute(cas.setIdempotent(false)).wasApplied();
    }

    /**
     * Plain deletes, also of the vote partitions that only lightweight transactions write: the comment's object is
     * gone, so no vote can be cast on it any more to race them.
     */
    @Override
    public void purgeVotes(long commentId) {
        List<CompletableFuture<?>> votes = new ArrayList<>();
        for (int bucket = 0; bucket < VOTE_BUCKETS; bucket++) {
            votes.add(session.executeAsync(deleteVotes.bind(commentId, bucket).setIdempotent(true))
                    .toCompletableFuture());
        }
        CompletableFuture.allOf(votes.toArray(CompletableFuture[]::new)).join();
    }

    private static Vote vote(Row row) {
        return row == null || row.isNull(0) ? Vote.NONE : Vote.ofCode(row.getByte(0));
    }

    /** The partition of a user's vote among a comment's {@link #VOTE_BUCKETS}: ids mixed, as their low bits repeat. */
    static int voteBucket(long userId) {
        return Math.floorMod(Long.hashCode(userId * 0x9E3779B97F4A7C15L) >>> 7, VOTE_BUCKETS);
    }
}
