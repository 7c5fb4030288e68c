package dev.widefeed.store;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.widefeed.kernel.TemporaryStoreException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounds the conditional writes this process runs at once per key (a partition, a hot row):
 * compare-and-sets on one key abort each other under bursts and then time out, so callers beyond
 * {@code permits} queue here, fairly, for up to {@code maxWait} and then fail as temporarily
 * unavailable. Only a bound on contention: correctness still rests on the compare-and-set, since
 * other processes write too (and an idle key's permits may be evicted while held).
 */
public final class KeyedPermits<K> {
    private final Duration maxWait;
    private final LoadingCache<K, Semaphore> permits;

    public KeyedPermits(int permits, Duration maxWait) {
        this.maxWait = maxWait;
        this.permits = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterAccess(Duration.ofMinutes(10))
                .build(key -> new Semaphore(permits, true));
    }

    public <T> T run(K key, Supplier<T> write) {
        Semaphore permit = permits.get(key);
        try {
            if (!permit.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TemporaryStoreException("too many concurrent writes on " + key + "; try again", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TemporaryStoreException("interrupted waiting to write on " + key, e);
        }
        try {
            return write.get();
        } finally {
            permit.release();
        }
    }
}
