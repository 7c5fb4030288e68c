package dev.widefeed.cache;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import java.util.List;
import java.util.function.Function;

/**
 * Each cache of the tier in the metrics, as {@code cache.<name>.<stat>} (Prometheus: {@code cache_<stat>} with a
 * {@code cache} label): hits, misses and loads since start, the hit ratio since start, entries and weight held now,
 * evictions (by size or age) and the seconds spent loading.
 */
public final class CacheMetrics {
    private CacheMetrics() {}

    public static void register(MetricRegistry metrics, List<BatchedCache<?>> caches) {
        for (BatchedCache<?> cache : caches) {
            stat(metrics, cache, "hits", CacheStats::hitCount);
            stat(metrics, cache, "misses", CacheStats::missCount);
            stat(metrics, cache, "hit_ratio", CacheStats::hitRate);
            stat(metrics, cache, "loads", CacheStats::loadCount);
            stat(metrics, cache, "load_seconds", s -> s.totalLoadTime() / 1e9);
            stat(metrics, cache, "evictions", CacheStats::evictionCount);
            metrics.registerGauge(MetricRegistry.name("cache", cache.name(), "entries"), (Gauge<Long>) cache::size);
            metrics.registerGauge(MetricRegistry.name("cache", cache.name(), "weight"), (Gauge<Long>) cache::weight);
        }
    }

    private static void stat(
            MetricRegistry metrics, BatchedCache<?> cache, String name, Function<CacheStats, Number> value) {
        metrics.registerGauge(
                MetricRegistry.name("cache", cache.name(), name), (Gauge<Number>) () -> value.apply(cache.stats()));
    }
}
