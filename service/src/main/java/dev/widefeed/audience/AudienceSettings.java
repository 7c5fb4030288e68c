package dev.widefeed.audience;

import java.time.Duration;

/**
 * How audiences are bounded and cached: the caps on every owner's lists, and the cache of the
 * facts visibility checks read (its size in entries plus ids held, and how long an entry is
 * trusted: the longest a change made on another instance takes to apply here).
 */
public record AudienceSettings(AudienceLimits limits, long cacheWeight, Duration cacheTtl) {
    public static final AudienceSettings DEFAULT =
            new AudienceSettings(AudienceLimits.DEFAULT, 1_000_000, Duration.ofSeconds(10));
}
