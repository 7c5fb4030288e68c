package dev.widefeed.comment.store;

import dev.widefeed.kernel.UnknownOutcomeException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The votes on comments (docs/design.md, Comments): per-(comment, user) votes, the truth of each comment's likes and
 * hates, and each user's list of the comments they voted on. A vote changes only by compare-and-set.
 */
public interface CommentVoteStore {
    /** The user's vote on the comment; {@link Vote#NONE} if none. */
    Vote vote(long commentId, long userId);

    /** The user's votes on each comment given ({@link Vote#NONE} where none), in one concurrent round. */
    Map<Long, Vote> votesOf(long userId, Collection<Long> commentIds);

    /** The comment's likes and hates counted from its votes (the truth; replies 0): a read of every vote. */
    CommentCounts countVotes(long commentId);

    /**
     * Sets the user's vote to {@code next} if it still is {@code expected}. Not retried: a timeout is
     * {@link UnknownOutcomeException}.
     *
     * @return whether it was applied
     */
    boolean compareAndSetVote(long commentId, long userId, Vote expected, Vote next);

    /**
     * Deletes the user's vote row if it says none (an account's erasure, once the vote is withdrawn). Not retried: a
     * timeout is {@link UnknownOutcomeException}.
     */
    void deleteVote(long commentId, long userId);

    /**
     * Lists the comment among those the user votes on, before the vote is written (an entry whose vote is none is
     * harmless: what reads the list reads the vote). Idempotent.
     */
    void listVote(long commentId, long userId);

    /** The comments the user has listed votes on, by comment id ascending, strictly after {@code after}. */
    List<Long> votedComments(long userId, Optional<Long> after, int limit);

    /**
     * The comments among {@code commentIds} the user has listed votes on: one read of the user's list, however many
     * ids. A comment not among them has no vote of the user's; one among them may have none (see {@link #listVote}).
     */
    Set<Long> votedAmong(long userId, Collection<Long> commentIds);

    /** Takes the comment out of the user's voted list. Idempotent. */
    void unlistVote(long commentId, long userId);

    /** Deletes every vote on the comment (the purge of a deleted object's comments). Idempotent. */
    void purgeVotes(long commentId);
}
