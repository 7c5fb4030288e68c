package dev.widefeed.post;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * The post store as the post cache must see it (docs/design.md, "The cache tier"): every call goes to the store, and
 * once a write returned the cache hears what it changed. Wrapping the store rather than its callers means no writer (a
 * request, an erasure, a purge, a recount) changes a cached post unheard. It declares every method of the store, a
 * default one too, so a method added there is decided here: heard, or passed on as a read.
 */
public final class WatchedPostStore implements PostStore {
    /** What a cache does once a write of the store returned. */
    public interface Writes {
        /** The post and its entries were written. */
        void created(Post post);

        /** This delete removed the post (a delete that found it gone changed nothing). */
        void deleted(Post post);

        /** The delta was added to the post's counts. */
        void countsAdded(long postId, PostCounts delta);

        /** What the deleted post left behind is gone: its counters with it. */
        void purged(long postId);
    }

    private final PostStore store;
    private final Writes writes;

    public WatchedPostStore(PostStore store, Writes writes) {
        this.store = store;
        this.writes = writes;
    }

    @Override
    public void create(Post post) {
        store.create(post);
        writes.created(post);
    }

    @Override
    public Optional<Post> find(long postId) {
        return store.find(postId);
    }

    @Override
    public Map<Long, Post> findAll(Collection<Long> postIds) {
        return store.findAll(postIds);
    }

    @Override
    public boolean delete(Post post) {
        boolean removed = store.delete(post);
        if (removed) {
            writes.deleted(post);
        }
        return removed;
    }

    @Override
    public PostCounts counts(long postId) {
        return store.counts(postId);
    }

    @Override
    public Map<Long, PostCounts> countsOf(Collection<Long> postIds) {
        return store.countsOf(postIds);
    }

    @Override
    public void addCounts(long postId, PostCounts delta) {
        store.addCounts(postId, delta);
        writes.countsAdded(postId, delta);
    }

    @Override
    public List<Long> postIdsByAuthor(long authorId, Optional<Long> beforeId, int limit) {
        return store.postIdsByAuthor(authorId, beforeId, limit);
    }

    @Override
    public List<AuthorListEntry> entriesByAuthor(long authorId, Optional<Long> beforeId, long afterId, int limit) {
        return store.entriesByAuthor(authorId, beforeId, afterId, limit);
    }

    @Override
    public Map<Long, List<Long>> postIdsByAuthors(Collection<Long> authorIds, Optional<Long> beforeId, int limitEach) {
        return store.postIdsByAuthors(authorIds, beforeId, limitEach);
    }

    @Override
    public List<Long> repostIds(long sourceId, Optional<Long> beforeId, int limit) {
        return store.repostIds(sourceId, beforeId, limit);
    }

    @Override
    public List<Long> repostIdsOnPage(long sourceId, int page) {
        return store.repostIdsOnPage(sourceId, page);
    }

    @Override
    public void purge(long postId) {
        store.purge(postId);
        writes.purged(postId);
    }

    @Override
    public void scanIds(LongConsumer consumer) {
        store.scanIds(consumer);
    }
}
