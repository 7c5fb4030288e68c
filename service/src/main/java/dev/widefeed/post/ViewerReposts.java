package dev.widefeed.post;

import dev.widefeed.kernel.IdGenerator;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which posts the viewer reposted, read from the viewer's own list of posts (docs/design.md, "Posts and reposts"),
 * whose entries say what each reposts. A repost is written after its source, so a repost of any post on a page is
 * among the viewer's posts since the page's oldest post was written (its id says when; less {@link #SKEW}, since the
 * reposting instance's clock may run behind the writing one's): one range read of ids answers a page for a viewer who
 * wrote fewer than {@link #PAGE} posts since then, which is nearly everyone. The walk stops after {@link #MAX_PAGES}
 * pages: a repost further down than that shows as not the viewer's.
 */
final class ViewerReposts {
    static final Duration SKEW = Duration.ofMinutes(1);
    static final int PAGE = 100;
    static final int MAX_PAGES = 10;

    private final PostStore store;
    private final PostCache cache;
    private final int page;
    private final int maxPages;

    /** @param page a page of the viewer's own list: {@link #PAGE}, and {@link #MAX_PAGES} of them at most */
    ViewerReposts(PostStore store, PostCache cache, int page, int maxPages) {
        this.store = store;
        this.cache = cache;
        this.page = page;
        this.maxPages = maxPages;
    }

    /** The posts among {@code postIds} that the viewer reposted (and has not deleted the repost of). */
    Set<Long> repostedAmong(long viewer, Collection<Long> postIds) {
        Set<Long> wanted = new HashSet<>(postIds);
        if (wanted.isEmpty()) {
            return Set.of();
        }
        Map<Long, Long> reposts = live(
                walk(viewer, wanted.stream().mapToLong(Long::longValue).min().getAsLong(), wanted));
        return new HashSet<>(reposts.values());
    }

    /** The viewer's newest live repost of the source, if the walk finds one. */
    Optional<Long> repostOf(long viewer, long sourceId) {
        return live(walk(viewer, sourceId, Set.of(sourceId))).keySet().stream().max(Long::compare);
    }

    /**
     * Of reposts the list names, those whose posts exist: an entry is written before its post and removed after it, so
     * a failure between the two leaves an entry every reader skips. Read in one batch, through the cache.
     */
    private Map<Long, Long> live(Map<Long, Long> sourceByRepost) {
        if (sourceByRepost.isEmpty()) {
            return sourceByRepost;
        }
        Set<Long> present = cache.findAll(sourceByRepost.keySet()).keySet();
        Map<Long, Long> live = new HashMap<>(sourceByRepost);
        live.keySet().retainAll(present);
        return live;
    }

    /**
     * The viewer's reposts of any of {@code sources}, by repost id, from the newest of the viewer's posts down to those
     * written a little before {@code oldestSourceId} was.
     */
    private Map<Long, Long> walk(long viewer, long oldestSourceId, Set<Long> sources) {
        long afterId = IdGenerator.lowestAt(IdGenerator.timeOf(oldestSourceId).minus(SKEW)) - 1;
        Map<Long, Long> found = new HashMap<>();
        Optional<Long> before = Optional.empty();
        for (int read = 0; read < maxPages; read++) {
            List<AuthorListEntry> entries = store.entriesByAuthor(viewer, before, afterId, page);
            // Entries written before the list said what they repost: their posts say, read in one batch.
            Map<Long, Post> unsaid = cache.findAll(entries.stream()
                    .filter(entry -> !entry.said())
                    .map(AuthorListEntry::postId)
                    .toList());
            for (AuthorListEntry entry : entries) {
                Optional<Long> source = entry.said()
                        ? entry.repostOf()
                        : Optional.ofNullable(unsaid.get(entry.postId())).flatMap(Post::repostOf);
                source.filter(sources::contains).ifPresent(s -> found.put(entry.postId(), s));
            }
            if (entries.size() < page) {
                break;
            }
            before = Optional.of(entries.get(entries.size() - 1).postId());
        }
        return found;
    }
}
