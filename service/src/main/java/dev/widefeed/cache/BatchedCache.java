package dev.widefeed.cache;

import com.github.benmanes.caffeine.cache.AsyncCacheLoader;
import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.widefeed.kernel.Futures;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * One cache of the tier (docs/design.md, "The cache tier"), keyed by id. A page asks for all its keys at once: the
 * hits cost nothing and the misses one call of {@code loadAll}, in the asking thread (so a request's store budget
 * applies to it). A key already being loaded for another request is waited for, not loaded again, so however many
 * requests miss a hot key at once the store reads it once. A key {@code loadAll} does not answer is not cached (a
 * post not written yet must not be remembered as missing). Every entry lives at most {@code maxAge} from its load:
 * {@link #update} changes a value without making it younger, so an entry kept current by this instance's own changes
 * still reads the store again in time to see other instances' changes.
 */
public final class BatchedCache<V> implements CacheInvalidations.Droppable {
    private final String name;
    private final AsyncLoadingCache<Long, V> cache;

    /**
     * @param maxWeight bound of the summed {@code weigher} values (entries, or approximate bytes)
     */
    public BatchedCache(
            String name,
            long maxWeight,
            ToIntFunction<V> weigher,
            Duration maxAge,
            Function<Set<Long>, Map<Long, V>> loadAll) {
        this.name = name;
        long ageNanos = maxAge.toNanos();
        this.cache = Caffeine.newBuilder()
                // Evictions and expiries done by the threads that use the cache, as they go: its bound then holds
                // within a page of entries even while a scan floods it, with no pool thread to fall behind.
                .executor(Runnable::run)
                .maximumWeight(maxWeight)
                .weigher((Long id, V value) -> weigher.applyAsInt(value))
                .expireAfter(new Expiry<Long, V>() {
                    @Override
                    public long expireAfterCreate(Long key, V value, long currentTime) {
                        return ageNanos;
                    }

                    @Override
                    public long expireAfterUpdate(Long key, V value, long currentTime, long currentDuration) {
                        return currentDuration;
                    }

                    @Override
                    public long expireAfterRead(Long key, V value, long currentTime, long currentDuration) {
                        return currentDuration;
                    }
                })
                .recordStats()
                .buildAsync(new AsyncCacheLoader<Long, V>() {
                    @Override
                    public CompletableFuture<? extends V> asyncLoad(Long key, Executor executor) {
                        return asyncLoadAll(Set.of(key), executor).thenApply(found -> found.get(key));
                    }

                    @Override
                    public CompletableFuture<? extends Map<? extends Long, ? extends V>> asyncLoadAll(
                            Set<? extends Long> keys, Executor executor) {
                        try {
                            return CompletableFuture.completedFuture(loadAll.apply(Set.copyOf(keys)));
                        } catch (RuntimeException e) {
                            return CompletableFuture.failedFuture(e);
                        }
                    }
                });
    }

    public String name() {
        return name;
    }

    /** The values of the keys that have one, loading the missing ones in one call. */
    public Map<Long, V> getAll(Collection<Long> ids) {
        return Futures.join(cache.getAll(ids));
    }

    /**
     * Changes a loaded value in place (this instance's own change to it, which the store has taken); a value still
     * loading is dropped instead, since its load may or may not have read the change.
     */
    public void update(long id, UnaryOperator<V> change) {
        cache.asMap()
                .computeIfPresent(
                        id,
                        (key, loading) -> loading.isDone() && !loading.isCompletedExceptionally()
                                ? CompletableFuture.completedFuture(change.apply(loading.join()))
                                : null);
    }

    /**
     * Holds {@code value} unless the id already has one (loaded, or loading): a value this instance has just written,
     * so that the next reads of it, its own and the event log's handlers', need no load.
     */
    public void offer(long id, V value) {
        cache.asMap().putIfAbsent(id, CompletableFuture.completedFuture(value));
    }

    @Override
    public void drop(long id) {
        cache.synchronous().invalidate(id);
    }

    @Override
    public void dropAll() {
        cache.synchronous().invalidateAll();
    }

    public CacheStats stats() {
        return cache.synchronous().stats();
    }

    /** Entries held now (an estimate, as Caffeine gives it). */
    public long size() {
        return cache.synchronous().estimatedSize();
    }

    /** Summed weight of the entries held now. */
    public long weight() {
        return cache.synchronous()
                .policy()
                .eviction()
                .map(eviction -> eviction.weightedSize().orElse(0L))
                .orElse(0L);
    }
}
