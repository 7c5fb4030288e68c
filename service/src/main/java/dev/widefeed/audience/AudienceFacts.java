package dev.widefeed.audience;

import com.github.benmanes.caffeine.cache.CacheLoader;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What visibility checks read, cached: the marks an author has put on a viewer (blocked, tags),
 * whether a viewer is in a group, and the authors a viewer hid. A page of posts asks for all its
 * (author, viewer) and (group, viewer) pairs at once, so the misses cost one concurrent round of
 * store reads and the hits none; a popular author's pairs stay warm for all their readers.
 * <p>
 * Bounded by weight (one per entry plus one per id an entry holds) and by age. A change made
 * through this instance invalidates its entries at once; other instances see it when their entry
 * expires, {@code ttl} at the latest. That is the documented delay of a block or a removal from a
 * tag or group on a multi-instance deployment.
 */
public final class AudienceFacts {
    private static final int LIST_PAGE = 1000;

    private final LoadingCache<Link, Set<Mark>> marks;
    private final LoadingCache<Link, Boolean> memberships;
    private final LoadingCache<Long, Set<Long>> hidden;

    public AudienceFacts(AudienceStore store, long maxWeight, Duration ttl) {
        this.marks = Caffeine.newBuilder()
                .maximumWeight(maxWeight)
                .expireAfterWrite(ttl)
                .weigher((Link link, Set<Mark> set) -> 1 + set.size())
                .recordStats()
                .build(bulk(links -> store.marksOf(Set.copyOf(links))));
        this.memberships = Caffeine.newBuilder()
                .maximumWeight(maxWeight)
                .expireAfterWrite(ttl)
                .weigher((Link link, Boolean member) -> 1)
                .recordStats()
                .build(bulk(links -> {
                    Set<Link> in = store.memberships(Set.copyOf(links));
                    return links.stream().collect(Collectors.toMap(l -> l, in::contains));
                }));
        this.hidden = Caffeine.newBuilder()
                .maximumWeight(maxWeight)
                .expireAfterWrite(ttl)
                .weigher((Long viewer, Set<Long> ids) -> 1 + ids.size())
                .recordStats()
                .build(viewer -> Set.copyOf(all(store, viewer, Mark.HIDDEN)));
    }

    /** Every mark each link's owner put on its member; every link asked is a key. */
    public Map<Link, Set<Mark>> marksOf(Collection<Link> links) {
        return marks.getAll(links);
    }

    public Set<Mark> marksOf(long ownerId, long memberId) {
        return marks.get(new Link(ownerId, memberId));
    }

    /** The links (owner = group) that are memberships. */
    public Set<Link> memberships(Collection<Link> links) {
        return memberships.getAll(links).entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    /** The authors whose posts the viewer keeps out of their home timeline. */
    public Set<Long> hiddenBy(long viewer) {
        return hidden.get(viewer);
    }

    /** The owner changed the marks on the member (or the member was hidden by the owner). */
    public void marksChanged(long ownerId, long memberId, Mark mark) {
        marks.invalidate(new Link(ownerId, memberId));
        if (mark.kind() == Mark.Kind.HIDDEN) {
            hidden.invalidate(ownerId);
        }
    }

    public void membershipChanged(long groupId, long memberId) {
        memberships.invalidate(new Link(groupId, memberId));
    }

    /** Hit ratios, for the metrics. */
    public double marksHitRate() {
        return marks.stats().hitRate();
    }

    public double membershipsHitRate() {
        return memberships.stats().hitRate();
    }

    /** Every member of one of the owner's lists (bounded by that list's cap), paged through. */
    static List<Long> all(AudienceStore store, long ownerId, Mark mark) {
        return pagedThrough((after, limit) -> store.marked(ownerId, mark, after, limit));
    }

    /** Every member of a group (bounded by the group cap), paged through. */
    static List<Long> allMembers(AudienceStore store, long groupId) {
        return pagedThrough((after, limit) -> store.members(groupId, after, limit));
    }

    /** Every id of a list ordered by id, read a page at a time, each after the last id of the one before. */
    private static List<Long> pagedThrough(BiFunction<Optional<Long>, Integer, List<Long>> page) {
        List<Long> ids = new ArrayList<>();
        Optional<Long> after = Optional.empty();
        while (true) {
            List<Long> next = page.apply(after, LIST_PAGE);
            ids.addAll(next);
            if (next.size() < LIST_PAGE) {
                return ids;
            }
            after = Optional.of(next.get(next.size() - 1));
        }
    }

    private static <K, V> CacheLoader<K, V> bulk(Function<Set<? extends K>, Map<K, V>> loadAll) {
        return new CacheLoader<>() {
            @Override
            public V load(K key) {
                return loadAll.apply(Set.of(key)).get(key);
            }

            @Override
            public Map<? extends K, ? extends V> loadAll(Set<? extends K> keys) {
                return loadAll.apply(keys);
            }
        };
    }
}
