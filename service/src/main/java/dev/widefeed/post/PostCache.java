package dev.widefeed.post;

import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheInvalidations;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.PendingCounts;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Post rows and post counts as pages read them (docs/design.md, "The cache tier"). A row never changes but by its
 * delete, which every instance hears of through the invalidations; counts are kept at most
 * {@link CacheSettings#countsMaxAge} from their load, with this instance's own changes added as they are made, so an
 * actor sees their own like or comment counted at once and everyone sees everyone's within the bound. Pages and the
 * answer of a like read through here; whatever decides something by a post's existence or count (a delete, a purge,
 * a recount) reads the store.
 */
public final class PostCache {
    public static final String KIND = "post";
    /** A row's weight in bytes beyond its text: ids, times, audience and the objects around them, roughly. */
    private static final int ROW_OVERHEAD = 400;

    private final BatchedCache<Post> rows;
    private final BatchedCache<PostCounts> counts;
    private final CacheInvalidations invalidations;

    /**
     * @param pending what this instance changed of posts' counts that the store may not hold yet
     *                ({@link dev.widefeed.kernel.CoalescedCounts}), added to every count loaded, exactly where a
     *                change's update did not land while the count was read ({@link PendingCounts#read})
     */
    public PostCache(
            PostStore store,
            CacheSettings settings,
            CacheInvalidations invalidations,
            PendingCounts<PostCounts> pending) {
        this.rows = new BatchedCache<>(
                "posts",
                settings.postBytes(),
                post -> ROW_OVERHEAD + 2 * post.content().length(),
                settings.postMaxAge(),
                store::findAll);
        this.counts = new BatchedCache<>(
                "post-counts",
                settings.counts(),
                c -> 1,
                settings.countsMaxAge(),
                ids -> pending.read(ids, store::countsOf, PostCounts::plus));
        this.invalidations = invalidations;
        invalidations.register(KIND, rows);
    }

    /**
     * {@code store} with what a cache must hear of its writes: a delete that removed a post is announced to every
     * instance; a count change that landed is added to this instance's cached count; a post just written is held
     * with its counts, none yet, for the reads that follow it at once (the author's pages, the event log's handlers).
     */
    public PostStore watching(PostStore store) {
        return new WatchedPostStore(store, new WatchedPostStore.Writes() {
            @Override
            public void created(Post post) {
                rows.offer(post.id(), post);
                counts.offer(post.id(), PostCounts.ZERO);
            }

            @Override
            public void deleted(Post post) {
                invalidations.announce(KIND, post.id());
            }

            @Override
            public void countsAdded(long postId, PostCounts delta) {
                counts.update(postId, c -> c.plus(delta));
            }

            @Override
            public void purged(long postId) {
                counts.drop(postId);
            }
        });
    }

    /**
     * {@code updates} (coalesced: they reach the store later, unheard by {@link #watching}), each delta also added to
     * this instance's cached count at once, so an actor sees their own change: in the count cached, or in one loaded
     * later (the loader adds what the store does not hold yet). Added to the cache first, then handed on: a load under
     * way meanwhile is dropped ({@link BatchedCache#update}) and the next read loads the count with the change; a load
     * begun between the two steps can miss it until the count is read again; none counts it twice.
     */
    public CounterUpdates<PostCounts> counted(CounterUpdates<PostCounts> updates) {
        return (id, delta, changedAt) -> {
            counts.update(id, c -> c.plus(delta));
            updates.add(id, delta, changedAt);
        };
    }

    /** The posts among {@code ids} that exist, by id: cached rows, and the others in one batch. */
    public Map<Long, Post> findAll(Collection<Long> ids) {
        return rows.getAll(ids);
    }

    /** The post, if it exists: cached, or read. */
    public Optional<Post> find(long id) {
        return Optional.ofNullable(rows.getAll(List.of(id)).get(id));
    }

    /** Every id's counts (zero without a row), as fresh as the bound. */
    public Map<Long, PostCounts> countsOf(Collection<Long> ids) {
        return counts.getAll(ids);
    }

    /** One post's counts, as fresh as the bound (this instance's own changes in them at once). */
    public PostCounts countsOf(long id) {
        return counts.getAll(List.of(id)).get(id);
    }

    public List<BatchedCache<?>> caches() {
        return List.of(rows, counts);
    }
}
