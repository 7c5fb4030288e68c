package dev.widefeed.drills.harness;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The posts a load's likes and comments go to when it was given none: the newest {@link #SIZE} posts the ledger
 * knows, each new post taking the oldest one's place, as people engage with what is recent. The spread stays the
 * same however long a load runs; a set that only grew would spread likes over ever more posts and make the end of a
 * soak a different load from its start.
 */
final class RecentPosts {
    static final int SIZE = 2_000;

    private final String[] ring = new String[SIZE];
    private int size;
    private int next;

    /** Starts with the newest of {@code known} (ids are time-ordered numbers). */
    RecentPosts(Collection<String> known) {
        List<String> newest = known.stream()
                .sorted(Comparator.comparingLong((String id) -> Long.parseLong(id))
                        .reversed())
                .limit(SIZE)
                .toList();
        for (int i = newest.size() - 1; i >= 0; i--) {
            add(newest.get(i));
        }
    }

    synchronized void add(String postId) {
        ring[next] = postId;
        next = (next + 1) % SIZE;
        size = Math.min(SIZE, size + 1);
    }

    /** One of the recent posts at random (a population has posted once each before any load starts). */
    synchronized String pick() {
        return size == 0 ? null : ring[ThreadLocalRandom.current().nextInt(size)];
    }
}
