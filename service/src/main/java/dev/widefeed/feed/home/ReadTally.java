package dev.widefeed.feed.home;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The home reads this instance served since each reader's read count was last written: a reader's
 * state is written at most once a touch interval, and the reads between are added to their decayed
 * count then, so the count is a read rate, not a rate of touches (docs/design.md, "Home timeline and
 * fan-out"). Bounded: a reader evicted, or counted on an instance that stops, is counted low, which
 * only leans their edges towards pull.
 */
final class ReadTally {
    private final Cache<Long, AtomicInteger> reads;

    /** @param keepFor how long an untaken tally is kept: longer than the touch interval */
    ReadTally(long maxReaders, Duration keepFor) {
        this.reads = Caffeine.newBuilder()
                .maximumSize(maxReaders)
                .expireAfterAccess(keepFor)
                .build();
    }

    /** One more home read by {@code userId}. */
    void read(long userId) {
        reads.get(userId, id -> new AtomicInteger()).incrementAndGet();
    }

    /** The reads counted for {@code userId} since the last take, at least one (the read taking them). */
    int take(long userId) {
        AtomicInteger counted = reads.asMap().remove(userId);
        return counted == null ? 1 : Math.max(1, counted.get());
    }
}
