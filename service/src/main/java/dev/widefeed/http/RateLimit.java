package dev.widefeed.http;

import com.codahale.metrics.Meter;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;

/**
 * One budget, applied to each client (a user id or an address) separately. The buckets live in a
 * bounded cache so that memory stays bounded however many clients come: an idle bucket is dropped
 * once it would have filled up again, which changes nothing, since a new bucket starts full. Only
 * when more clients than {@code maxClients} are active at once are busy buckets dropped early,
 * which errs toward letting requests through.
 */
final class RateLimit {
    private final Bandwidth bandwidth;
    private final TimeMeter time;
    private final Meter refused;
    private final Cache<Object, Bucket> buckets;

    RateLimit(RateBudget budget, long maxClients, TimeMeter time, Meter refused) {
        this.bandwidth = budget.bandwidth();
        this.time = time;
        this.refused = refused;
        this.buckets = Caffeine.newBuilder()
                .maximumSize(maxClients)
                .expireAfterAccess(budget.timeToFill())
                .build();
    }

    /**
     * What taking a request's token left: whether it was granted, the budget's burst, the tokens left, the nanoseconds
     * until the next is due (0 when granted) and until the bucket is full again.
     */
    record Taken(boolean granted, long limit, long remaining, long nanosToNext, long nanosToFull) {}

    /** Takes a request's token from the client's bucket. */
    Taken take(Object client) {
        ConsumptionProbe probe = buckets.get(client, c -> newBucket()).tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            refused.mark();
        }
        return new Taken(
                probe.isConsumed(),
                bandwidth.getCapacity(),
                probe.getRemainingTokens(),
                probe.isConsumed() ? 0 : Math.max(1, probe.getNanosToWaitForRefill()),
                probe.getNanosToWaitForReset());
    }

    private Bucket newBucket() {
        return Bucket.builder()
                .addLimit(bandwidth)
                .withCustomTimePrecision(time)
                .build();
    }
}
