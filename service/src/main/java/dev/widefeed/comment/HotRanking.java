package dev.widefeed.comment;

import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentedObject;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.comment.store.HotCursor;
import dev.widefeed.comment.store.RankedComment;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps a top-level comment's entry in its object's hot ranking where its counters say (docs/design.md, Comments):
 * at likes minus hates while that is above zero and the comment is live, nowhere otherwise. Run by one worker per
 * comment at a time (the event log's, whose shard the comment id names); every step is safe to repeat. The new entry
 * is written before the old one goes and the recorded score moves last, so a crash between the steps leaves the
 * comment ranked at its old score (the recorded one) until the entry is worked again, never unranked; an entry left
 * at a score the comment is not recorded at is skipped by readers, and {@link #sweep} removes it.
 */
public final class HotRanking {
    /** The event log's entries that rerank a comment ({@code eventlog.GuardedWork}): after a vote or a delete. */
    public static final String LOG_KIND = "rank-comment";

    private static final int SWEEP_PAGE = 500;
    private final CommentStore comments;
    private final HotCommentStore hot;

    public HotRanking(CommentStore comments, HotCommentStore hot) {
        this.comments = comments;
        this.hot = hot;
    }

    /** Where the comment ranks now: its score, or 0 for nowhere. */
    public static long scoreOf(Comment comment, CommentCounts counts) {
        return comment.deleted() || !comment.isTopLevel() || comment.floor() == 0
                ? 0
                : Math.max(0, counts.likes() - counts.hates());
    }

    /**
     * Removes the object's ranking entries that are not at the score their comment is recorded at (left by a change
     * that was interrupted); a walk of the whole ranking, for reconcile. The new entry of a move under way is not
     * recorded yet either and may go too: follow the sweep with {@link #rerankAfterSweep} of every top-level comment.
     *
     * @return how many were removed
     */
    public long sweep(CommentedObject object) {
        long removed = 0;
        Optional<HotCursor> after = Optional.empty();
        while (true) {
            List<RankedComment> entries = hot.ranked(object, after, SWEEP_PAGE);
            Map<Long, Long> scores = hot.rankedScores(
                    entries.stream().map(RankedComment::commentId).toList());
            for (RankedComment entry : entries) {
                if (scores.get(entry.commentId()) != entry.score()) {
                    hot.removeRanked(entry);
                    removed++;
                }
            }
            if (entries.size() < SWEEP_PAGE) {
                return removed;
            }
            after = Optional.of(entries.get(entries.size() - 1).position());
        }
    }

    /** Moves the comment's entry to where its counters say; whether anything changed. */
    public boolean rerank(long commentId) {
        return rerank(commentId, true);
    }

    /**
     * {@link #rerank}, writing the comment's entry even where its recorded score says it is there already: for after a
     * {@link #sweep}, which cannot tell a move under way (its new entry written, its score not yet recorded) from one
     * that was interrupted, and may remove the new entry just before its score is recorded. Written again here, the
     * entry is back; a move still under way after this read leaves its own entry, and a vote after it moves the
     * comment again.
     */
    public boolean rerankAfterSweep(long commentId) {
        return rerank(commentId, true);
    }

    private boolean rerank(long commentId, boolean rewrite) {
        Optional<Comment> found = comments.find(commentId);
        if (found.isEmpty()) {
            return false;
        }
        Comment comment = found.get();
        long target = scoreOf(comment, comments.countsOf(List.of(commentId)).get(commentId));
        long current = hot.rankedScore(commentId);
        if (target == current) {
            if (rewrite && target > 0) {
                hot.putRanked(new RankedComment(comment.object(), target, comment.floor(), commentId));
            }
            return false;
        }
        if (target > 0) {
            hot.putRanked(new RankedComment(comment.object(), target, comment.floor(), commentId));
        }
        if (current > 0) {
            hot.removeRanked(new RankedComment(comment.object(), current, comment.floor(), commentId));
        }
        hot.setRankedScore(commentId, target);
        return true;
    }
}
