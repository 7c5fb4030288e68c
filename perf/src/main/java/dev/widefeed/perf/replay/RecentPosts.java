package dev.widefeed.perf.replay;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The posts created during a replay that reposts, comments and likes can act on: the last few of each author (the
 * authors least recently posted or acted on forgotten first) and the last few of anyone, for a target who has not
 * posted in this replay. Bounded, however long the replay runs; one lock, since each call is a few array accesses.
 */
final class RecentPosts {
    private final int perAuthor;
    private final Map<Long, Ring> byAuthor;
    private final Ring anyone;

    /** A fixed-size ring of the newest ids. */
    private static final class Ring {
        final long[] ids;
        int size;
        int next;

        Ring(int capacity) {
            ids = new long[capacity];
        }

        void add(long id) {
            ids[next] = id;
            next = (next + 1) % ids.length;
            size = Math.min(size + 1, ids.length);
        }

        long pick() {
            return ids[ThreadLocalRandom.current().nextInt(size)];
        }
    }

    RecentPosts(int authors, int perAuthor, int anyone) {
        if (authors < 1 || perAuthor < 1 || anyone < 1) {
            throw new IllegalArgumentException("bounds must be positive");
        }
        this.perAuthor = perAuthor;
        this.byAuthor = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Ring> eldest) {
                return size() > authors;
            }
        };
        this.anyone = new Ring(anyone);
    }

    /** 100,000 authors x 4 posts, and the last 1,000 posts of anyone: a few megabytes at most. */
    static RecentPosts standard() {
        return new RecentPosts(100_000, 4, 1_000);
    }

    synchronized void add(long authorId, long postId) {
        byAuthor.computeIfAbsent(authorId, a -> new Ring(perAuthor)).add(postId);
        anyone.add(postId);
    }

    /** One of the author's recent posts, else anyone's, else empty (nothing posted yet). */
    synchronized OptionalLong pick(long authorId) {
        Ring ring = byAuthor.get(authorId);
        if (ring != null) {
            return OptionalLong.of(ring.pick());
        }
        return anyone.size == 0 ? OptionalLong.empty() : OptionalLong.of(anyone.pick());
    }

    synchronized int authors() {
        return byAuthor.size();
    }

    synchronized int postsOf(long authorId) {
        Ring ring = byAuthor.get(authorId);
        return ring == null ? 0 : ring.size;
    }

    synchronized int postsOfAnyone() {
        return anyone.size;
    }
}
