package dev.widefeed.like;


import dev.widefeed.kernel.UnknownOutcomeException;
import dev.widefeed.post.LikedPosts;
import dev.widefeed.post.PostStore;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Likes: the truth row keyed by post id + user id (the design card's {@code weibo_id_user_id}),
 * plus two newest-first lists: a post's likers and a user's liked posts. The post's like counter
 * is not here: it lives with the post ({@link PostStore#addCounts}) and the domain changes it only
 * when {@link #like} or {@link #unlike} report that the truth row really changed.
 */
public interface LikeStore extends LikedPosts {
    /**
     * Creates the like if absent (compare-and-set) and, when it did, both list entries.
     * Not retried: a timeout is {@link UnknownOutcomeException}.
     *
     * @return whether this call created it (false: it was there already)
     */
    boolean like(long postId, long userId, Instant at);

    /**
     * Removes the like if present (compare-and-set) and, when it did, both list entries.
     *
     * @return whether this call removed it
     */
    boolean unlike(long postId, long userId);

    /** The post's likers, newest first, strictly after {@code after}; {@link Like#userId()} varies. */
    List<Like> likers(long postId, Optional<LikeCursor> after, int limit);

    /** The user's liked posts, newest first, strictly after {@code after}; {@link Like#postId()} varies. */
    List<Like> likedPosts(long userId, Optional<LikeCursor> after, int limit);

    /**
     * Counts the post's like rows (the truth) and makes both lists agree with them: entries missing
     * after an interrupted like are written, entries left by an interrupted unlike are removed.
     * For reconciliation; reads every like of the post.
     *
     * @return the number of like rows
     */
    long countAndRepair(long postId);
}
