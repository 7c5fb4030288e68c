package dev.widefeed.comment.store;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The hot ranking of each commented object's top-level comments (docs/design.md, Comments): its entries, and the
 * score each comment is recorded as ranked at. Moved by {@code comment.HotRanking}, one worker per comment at a time.
 */
public interface HotCommentStore {
    /** The score a comment is ranked at in its object's hot ranking; 0 if it is not ranked. */
    long rankedScore(long commentId);

    /** {@link #rankedScore} of every id given, in one concurrent round. */
    Map<Long, Long> rankedScores(Collection<Long> commentIds);

    /** Records the score a comment is ranked at (0: not ranked). Written by one worker per comment at a time. */
    void setRankedScore(long commentId, long score);

    /** Writes a ranking entry. Idempotent. */
    void putRanked(RankedComment entry);

    /** Removes a ranking entry. Idempotent. */
    void removeRanked(RankedComment entry);

    /**
     * The object's ranking entries after {@code after} (from the top if empty): highest score first, then lowest
     * floor; at most {@code limit}. Entries are of placed comments (a store may bound its reads by the thread's
     * highest floor). Bounded work whatever the object's popularity. Entries whose comment is ranked at
     * another score now (a change under way, or left over by one that crashed) are included: the reader checks them
     * against {@link #rankedScores}.
     */
    List<RankedComment> ranked(CommentedObject object, Optional<HotCursor> after, int limit);

    /** Deletes the comment's ranking entry and recorded score (a deleted object's comments' purge). Idempotent. */
    void purgeRanking(Comment comment);
}
