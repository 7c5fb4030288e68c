package dev.widefeed.feed.home;

import dev.widefeed.feed.timeline.HomeRead;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The merge sources of the authors one reader pulls, for one round of a home page below a cursor
 * (docs/design.md, "Home timeline and fan-out"). An author's source is this instance's cached newest
 * posts ({@link PulledPosts}) when they reach far enough (as many ids below the cursor as the round
 * wants, or everything the author has), else a read of the author's own list below the cursor; so a
 * first page costs no read at all, and a deep one a read per prolific pulled author. An author who
 * went back to push contributes only the posts at and below their entry's pulled-up-to id: the rest
 * are in the inbox.
 */
final class PulledSources {
    /** Reads each author's newest ids below {@code before} (all when empty), newest first, in one round. */
    interface Below {
        Map<Long, List<Long>> of(Collection<Long> authors, Optional<Long> before, int limitEach);
    }

    private final Map<Long, Long> upTo;
    private final long floor;
    private final PulledPosts cache;
    private final Below below;

    /**
     * @param upTo  each pulled author (not hidden by the reader) and the highest post id pulled of them
     * @param floor the reader's boundary: history at and below it is pulled from every followee anyway
     */
    PulledSources(Map<Long, Long> upTo, long floor, PulledPosts cache, Below below) {
        this.upTo = Map.copyOf(upTo);
        this.floor = floor;
        this.cache = cache;
        this.below = below;
    }

    boolean isEmpty() {
        return upTo.isEmpty();
    }

    /** A source per pulled author for the newest {@code want} ids below {@code cursor}. */
    List<HomeMerge.Source> below(Optional<Long> cursor, int want) {
        if (upTo.isEmpty()) {
            return List.of();
        }
        long before = cursor.orElse(Long.MAX_VALUE);
        List<HomeMerge.Source> sources = new ArrayList<>(upTo.size());
        Map<Long, List<Long>> toRead = new TreeMap<>(); // authors by the id their read goes below
        Map<Long, HomeMerge.Source> cached = cache.of(upTo.keySet());
        upTo.forEach((author, pulledUpTo) -> {
            long readBelow = pulledUpTo == HomeRead.ALL_POSTS ? before : Math.min(before, pulledUpTo + 1);
            HomeMerge.Source recent = cached.get(author);
            List<Long> ids = recent.idsNewestFirst().stream()
                    .filter(id -> id < readBelow && id > floor)
                    .toList();
            if (ids.size() >= want || recent.completeAbove() <= floor) {
                sources.add(new HomeMerge.Source(ids, Math.max(recent.completeAbove(), floor)));
            } else {
                toRead.computeIfAbsent(readBelow, b -> new ArrayList<>()).add(author);
            }
        });
        toRead.forEach((readBelow, authors) -> {
            Optional<Long> bound = readBelow == Long.MAX_VALUE ? Optional.empty() : Optional.of(readBelow);
            Map<Long, List<Long>> read = below.of(authors, bound, want);
            for (long author : authors) {
                sources.add(HomeMerge.Source.read(read.getOrDefault(author, List.of()), want, floor));
            }
        });
        return sources;
    }
}
