package dev.widefeed.post;

import dev.widefeed.kernel.UnknownOutcomeException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Posts, their counters, each author's posts (newest first) and each post's reposts (newest
 * first). Lists hold post ids only; ids are time-ordered, so "newest first" is "highest id first".
 */
public interface PostStore {
    /**
     * Writes the post and its entry in the author's list; a repost also in its source's reposts, and on the fixed page
     * {@link RepostPages#pageFor} names for its source's {@code repostsEver} as read now (the page is kept with the
     * repost, so that its delete finds it and writing it again keeps it there). Idempotent.
     */
    void create(Post post);

    Optional<Post> find(long postId);

    /** The posts among {@code postIds} that exist, by id; concurrent reads, not one round trip after another. */
    Map<Long, Post> findAll(Collection<Long> postIds);

    /**
     * Removes the post (compare-and-set on its existing) and then its list entries. Of concurrent
     * deletes of one post exactly one returns true, so its counters are lowered once. Not retried:
     * a timeout is {@link UnknownOutcomeException}. Its counters are left behind, unread.
     *
     * @return whether this call removed it
     */
    boolean delete(Post post);

    /** Zero counts for a post without a counter row. */
    PostCounts counts(long postId);

    /** The counts of every id given (zero for those without a row), in one concurrent round. */
    Map<Long, PostCounts> countsOf(Collection<Long> postIds);

    /** Adds {@code delta}. Not idempotent, never retried: a timeout is {@link UnknownOutcomeException}. */
    void addCounts(long postId, PostCounts delta);

    /** The author's post ids, newest first, below {@code beforeId} if given; at most {@code limit}. */
    List<Long> postIdsByAuthor(long authorId, Optional<Long> beforeId, int limit);

    /**
     * The author's list strictly between {@code afterId} and {@code beforeId} (no upper bound if empty), newest
     * first, at most {@code limit}: each post with what it reposts, as the list says. Reads no further back than
     * {@code afterId}'s time, so a narrow range of a long list costs one read.
     */
    List<AuthorListEntry> entriesByAuthor(long authorId, Optional<Long> beforeId, long afterId, int limit);

    /**
     * {@link #postIdsByAuthor} for many authors in one concurrent round (the pull side of the home
     * timeline: a returning reader's followees, or history older than the inbox): each author's
     * newest ids below {@code beforeId}, at most {@code limitEach} each. Authors without posts
     * there map to an empty list.
     */
    Map<Long, List<Long>> postIdsByAuthors(Collection<Long> authorIds, Optional<Long> beforeId, int limitEach);

    /** Ids of the live reposts of {@code sourceId}, newest first, below {@code beforeId} if given. */
    List<Long> repostIds(long sourceId, Optional<Long> beforeId, int limit);

    /** The ids on fixed page {@code page} of the post's reposts ({@link RepostPages}), oldest first; at most 200. */
    List<Long> repostIdsOnPage(long sourceId, int page);

    /**
     * Deletes what a deleted post leaves behind of its own: its counters and its lists of reposts (the reposts stay,
     * showing it deleted). Idempotent; for the purge once the post is gone.
     */
    void purge(long postId);

    /** Every live post's id, in no particular order, paged through the whole table (reconciliation). */
    void scanIds(LongConsumer consumer);
}
