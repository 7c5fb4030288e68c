package dev.widefeed.comment;

import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheInvalidations;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.comment.store.Comment;
import dev.widefeed.comment.store.CommentCounts;
import dev.widefeed.comment.store.CommentStore;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Comment rows and comments' counts (docs/design.md, "The cache tier"). A row changes only by its delete, which every
 * instance hears of through the invalidations, as a post's does; a comment just placed is held at once, for the event
 * log's handlers (its notification, its topics and mentions) that read it next. Counts are kept as post counts are: at
 * most {@link CacheSettings#countsMaxAge} from their load, with this instance's own changes added once the store took
 * them, so a voter sees their own vote counted at once and everyone sees everyone's within the bound. A recount
 * decides by the store's counts, never by these.
 */
public final class CommentCache {
    public static final String KIND = "comment";
    /** A row's weight in bytes beyond its text: ids, times, the object and mentions around them, roughly. */
    private static final int ROW_OVERHEAD = 400;

    private final BatchedCache<Comment> rows;
    private final BatchedCache<CommentCounts> counts;
    private final CacheInvalidations invalidations;

    public CommentCache(CommentStore store, CacheSettings settings, CacheInvalidations invalidations) {
        this.rows = new BatchedCache<>(
                "comments",
                settings.commentBytes(),
                c -> ROW_OVERHEAD + 2 * (c.content() == null ? 0 : c.content().length()),
                settings.postMaxAge(),
                ids -> {
                    // The store reads a comment by its key only: the misses are read one by one.
                    Map<Long, Comment> found = new HashMap<>();
                    ids.forEach(id -> store.find(id).ifPresent(c -> found.put(id, c)));
                    return found;
                });
        this.counts = new BatchedCache<>(
                "comment-counts", settings.counts(), c -> 1, settings.countsMaxAge(), store::countsOf);
        this.invalidations = invalidations;
        invalidations.register(KIND, rows);
    }

    /**
     * {@code store} with what this cache must hear of its writes: a comment placed is held (at its floor); a delete
     * that changed the row is announced to every instance; a purged row is dropped here; count changes are added to
     * this instance's cached counts as they land.
     */
    public CommentStore watching(CommentStore store) {
        return new WatchedCommentStore(store, new WatchedCommentStore.Writes() {
            @Override
            public void placed(Comment comment, long floor) {
                rows.offer(comment.id(), comment.atFloor(floor));
            }

            @Override
            public void deleted(Comment comment) {
                invalidations.announce(KIND, comment.id());
            }

            @Override
            public void countsAdded(long commentId, CommentCounts delta) {
                counts.update(commentId, c -> c.plus(delta));
            }

            @Override
            public void purged(Comment comment) {
                rows.drop(comment.id());
            }
        });
    }

    /** The comment, if it exists: cached, or read. */
    public Optional<Comment> find(long id) {
        return Optional.ofNullable(rows.getAll(List.of(id)).get(id));
    }

    /** Every id's counts (zero without a row), as fresh as the bound. */
    public Map<Long, CommentCounts> countsOf(Collection<Long> ids) {
        return counts.getAll(ids);
    }

    public List<BatchedCache<?>> caches() {
        return List.of(rows, counts);
    }
}
