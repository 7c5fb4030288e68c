package dev.widefeed.comment;

import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.Vote;
import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.CompareAndSet;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.Events;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Likes and hates of comments (docs/design.md, Comments): a user's vote is one compare-and-set on its row, retried
 * when a race was lost, and the comment's counters move only after it reported a real change; a failed counter update
 * marks the post for a recount.
 */
public final class CommentVoting {
    private final CommentStore comments;
    private final CommentVoteStore votes;
    private final CommentReader reader;
    private final Events events;
    private final DirtyCounters dirty;

    /**
     * @param reader what a voter may see of a comment, and its counts as a vote's answer shows them
     * @param dirty  where a post whose comments' counts may be off after a failed update is marked for a recount
     */
    public CommentVoting(
            CommentStore comments, CommentVoteStore votes, CommentReader reader, Events events, DirtyCounters dirty) {
        this.comments = comments;
        this.votes = votes;
        this.reader = reader;
        this.events = events;
        this.dirty = dirty;
    }

    /** Sets my vote on the comment to {@code vote} (moving it from the other kind if needed). */
    public CommentCounts vote(long me, long commentId, Vote vote) {
        return changeVote(me, commentId, current -> vote);
    }

    /** Takes back my {@code vote} if it is my current vote; otherwise changes nothing. */
    public CommentCounts unvote(long me, long commentId, Vote vote) {
        return changeVote(me, commentId, current -> current == vote ? Vote.NONE : current);
    }

    /**
     * Takes back the user's vote on the comment, whatever it is and whether or not they may still see it, then deletes
     * the vote's row and its entry in their list (an account's erasure). Idempotent.
     */
    public void withdrawVote(long me, long commentId) {
        CompareAndSet.retry(
                () -> {
                    Vote current = votes.vote(commentId, me);
                    if (current == Vote.NONE) {
                        return Optional.of(false);
                    }
                    CommentEvent.Voted withdrawn = new CommentEvent.Voted(commentId, me, current, Vote.NONE);
                    events.record(withdrawn);
                    if (!votes.compareAndSetVote(commentId, me, current, Vote.NONE)) {
                        return Optional.empty();
                    }
                    BestEffort.count(
                            () -> comments.addCounts(commentId, CommentCounts.voteChange(current, Vote.NONE)),
                            "votes of comment " + commentId,
                            () -> comments.find(commentId)
                                    .ifPresent(c -> dirty.post(c.object().id())));
                    events.publish(withdrawn);
                    return Optional.of(true);
                },
                () -> "the vote of " + me + " on comment " + commentId);
        votes.deleteVote(commentId, me);
        votes.unlistVote(commentId, me);
    }

    private CommentCounts changeVote(long me, long commentId, UnaryOperator<Vote> change) {
        long postId = reader.live(me, commentId).object().id();
        CompareAndSet.retry(
                () -> {
                    Vote current = votes.vote(commentId, me);
                    Vote next = change.apply(current);
                    if (next == current) {
                        return Optional.of(false);
                    }
                    CommentEvent.Voted voted = new CommentEvent.Voted(commentId, me, current, next);
                    events.record(voted);
                    if (next != Vote.NONE) {
                        votes.listVote(commentId, me); // before the vote: an account's deletion finds every vote it has
                    }
                    if (!votes.compareAndSetVote(commentId, me, current, next)) {
                        return Optional.empty();
                    }
                    BestEffort.count(
                            () -> comments.addCounts(commentId, CommentCounts.voteChange(current, next)),
                            "votes of comment " + commentId,
                            () -> dirty.post(postId));
                    events.publish(voted);
                    return Optional.of(true);
                },
                () -> "your vote on comment " + commentId);
        return reader.shownCounts(commentId);
    }
}
