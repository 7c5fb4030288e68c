package dev.widefeed.comment;

import dev.widefeed.cache.AfterCalls;
import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheSettings;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Comments' counts as pages show them (docs/design.md, "The cache tier"), kept as post counts are: at most
 * {@link CacheSettings#countsMaxAge} from their load, with this instance's own changes added once the store took them,
 * so a voter sees their own vote counted at once and everyone sees everyone's within the bound. A recount decides by
 * the store's counts, never by these.
 */
public final class CommentCache {
    private final BatchedCache<CommentCounts> counts;

    public CommentCache(CommentStore store, CacheSettings settings) {
        this.counts = new BatchedCache<>("comment-counts", settings.counts(), c -> 1, settings.countsMaxAge(),
                store::countsOf);
    }

    /** {@code store} with its count changes added to this instance's cached counts as they land. */
    public CommentStore watching(CommentStore store) {
        return AfterCalls.wrap(CommentStore.class, store, (method, args, result) -> {
            if (method.equals("addCounts")) {
                counts.update((Long) args[0], c -> c.plus((CommentCounts) args[1]));
            }
        });
    }

    /** Every id's counts (zero without a row), as fresh as the bound. */
    public Map<Long, CommentCounts> countsOf(Collection<Long> ids) {
        return counts.getAll(ids);
    }

    public List<BatchedCache<?>> caches() {
        return List.of(counts);
    }
}
