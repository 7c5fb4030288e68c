package dev.widefeed.cache;

import dev.widefeed.kernel.Threads;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One instance's cache tier (docs/design.md, "The cache tier"): its bounds, the announcements of changes every
 * instance polls, and the caches the features built over it, for the metrics. Its invalidations are polled once
 * {@link CacheInvalidations#start} is called (by whoever runs the instance); until then only this instance's own
 * changes drop its cached copies.
 */
public final class CacheTier {
    private final CacheSettings settings;
    private final CacheInvalidations invalidations;
    private final List<BatchedCache<?>> caches = new ArrayList<>();

    /** @param threads where the invalidations' poller comes from */
    public CacheTier(InvalidationStore store, CacheSettings settings, Clock clock, Threads threads) {
        this.settings = settings;
        this.invalidations = new CacheInvalidations(
                store, clock, settings.invalidationLateness(), threads.scheduled("cache-invalidations"));
    }

    public CacheSettings settings() {
        return settings;
    }

    public CacheInvalidations invalidations() {
        return invalidations;
    }

    /** Names a feature's caches as part of the tier. */
    public synchronized void hold(Collection<BatchedCache<?>> built) {
        caches.addAll(built);
    }

    /** Every cache the features built, in the order they were held. */
    public synchronized List<BatchedCache<?>> caches() {
        return List.copyOf(caches);
    }
}
