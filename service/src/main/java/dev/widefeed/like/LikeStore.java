package dev.widefeed.like;

import dev.widefeed.post.LikedPosts;
import java.util.List;
import java.util.Optional;

/**
 * Likes: the truth row keyed by post id + user id ({@link LikeEdge}), plus two newest-first lists:
 * a post's likers and a user's liked posts. The protocol that ties them together lives in the
 * domain ({@link LikeProtocol}); adapters only translate each step to their store. The post's like
 * counter is not here: it lives with the post, and the domain moves it only when a compare-and-set
 * here applied.
 */
public interface LikeStore extends LikedPosts {
    /** The like's truth row, or {@link LikeEdge#absent} if it was never written. */
    LikeEdge edge(long postId, long userId);

    /**
     * {@link #edge} once any compare-and-set still in flight on it is decided: what an answer of "already as asked"
     * rests on (as {@link dev.widefeed.graph.RelationStore#decidedEdge} says).
     */
    LikeEdge decidedEdge(long postId, long userId);

    /** Every truth row of the post, liked or not (reconciliation; reads every like of the post). */
    List<LikeEdge> edges(long postId);

    /**
     * Up to {@code limit} of the post's truth rows, liked or not, in no particular order: what the purge of a deleted
     * post's likes works through, deleting as it goes.
     */
    List<LikeEdge> edges(long postId, int limit);

    /**
     * Deletes the like's truth row if it is still at {@code edge}'s version (a deleted post's purge, once its copies
     * are gone). Not retried: a timeout is {@link dev.widefeed.kernel.UnknownOutcomeException}.
     *
     * @return whether it was deleted (false: already gone, or changed meanwhile)
     */
    boolean delete(LikeEdge edge);

    /**
     * Sets the truth row to {@code next} if it still is {@code expected} (by version; absent for a
     * never-written like). Not retried: a timeout is {@link dev.widefeed.kernel.UnknownOutcomeException}.
     *
     * @return whether it was applied
     */
    boolean compareAndSet(LikeEdge expected, LikeEdge next);

    /**
     * After a compare-and-set applied: both copies ({@link #writeCopies}) and whatever bookkeeping
     * the adapter's lists need for a new entry (a bucket to open, the count that sizes them).
     */
    void applied(LikeEdge previous, LikeEdge next);

    /**
     * Brings both copies from {@code previous} to {@code next}, the rows of
     * {@link dev.widefeed.kernel.EdgeCopies#between}, all at {@code next.version()}. The user's liked
     * posts are written no later than the post's likers (together, where the store can), which
     * {@link LikeProtocol#countAndRepair} relies on. Idempotent.
     */
    void writeCopies(LikeEdge previous, LikeEdge next);

    /** The post's likers, newest first, strictly after {@code after}; {@link Like#userId()} varies. */
    List<Like> likers(long postId, Optional<LikeCursor> after, int limit);

    /** The user's liked posts, newest first, strictly after {@code after}; {@link Like#postId()} varies. */
    List<Like> likedPosts(long userId, Optional<LikeCursor> after, int limit);
}
