package dev.widefeed.feed.home;

import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each pulled author's newest post ids, shared by every reader on this instance: one entry per
 * author, not per reader, so a celebrity read by a million followers costs one list read per
 * {@code refresh}, whoever reads. A home page merges these ({@link HomeMerge}) instead of reading the
 * author's list, and reads on below what an entry holds. An entry is read again {@code refresh}
 * after it was loaded (how late another instance's post can reach this instance's readers), and at
 * once after a post or delete made through this instance.
 */
final class PulledPosts {
    /** Reads the newest {@code perAuthor} post ids of each author, newest first, in one round. */
    interface Newest {
        Map<Long, List<Long>> of(Collection<Long> authors, int perAuthor);
    }

    private final LoadingCache<Long, HomeMerge.Source> recent;

    PulledPosts(Newest newest, int perAuthor, Duration refresh, long maxAuthors, Ticker ticker) {
        if (perAuthor < 1 || maxAuthors < 1) {
            throw new IllegalArgumentException("at least one post per author and one author");
        }
        this.recent = Caffeine.newBuilder()
                .maximumSize(maxAuthors)
                .expireAfterWrite(refresh)
                .ticker(ticker)
                .build(new CacheLoader<>() {
                    @Override
                    public HomeMerge.Source load(Long author) {
                        return loadAll(Set.of(author)).get(author);
                    }

                    @Override
                    public Map<Long, HomeMerge.Source> loadAll(Set<? extends Long> authors) {
                        Map<Long, List<Long>> found = newest.of(Set.copyOf(authors), perAuthor);
                        Map<Long, HomeMerge.Source> sources = new HashMap<>();
                        for (Long author : authors) {
                            List<Long> ids = found.getOrDefault(author, List.of());
                            sources.put(author, HomeMerge.Source.read(ids, perAuthor, 0));
                        }
                        return sources;
                    }
                });
    }

    /** Each author's newest ids as a merge source, loading those not held (or too old) in one round. */
    Map<Long, HomeMerge.Source> of(Collection<Long> authors) {
        return recent.getAll(authors);
    }

    /** The author posted or deleted through this instance: the next read loads their list again. */
    void changed(long author) {
        recent.invalidate(author);
    }
}
