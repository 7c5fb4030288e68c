package dev.widefeed.cache;

import java.time.Duration;

/**
 * The cache tier's bounds (docs/design.md, "The cache tier"): post and comment rows by approximate bytes, profiles
 * and post and comment counts by entries; how long an entry may live (for counts, the staleness bound of another instance's change); how
 * often every instance reads the invalidations and how late one may land.
 */
public record CacheSettings(
        long postBytes,
        long commentBytes,
        Duration postMaxAge,
        long profiles,
        Duration profileMaxAge,
        long counts,
        Duration countsMaxAge,
        Duration invalidationPoll,
        Duration invalidationLateness) {
    public static final CacheSettings DEFAULT = new CacheSettings(
            64L << 20,
            16L << 20,
            Duration.ofHours(1),
            100_000,
            Duration.ofMinutes(10),
            200_000,
            Duration.ofSeconds(5),
            Duration.ofSeconds(2),
            Duration.ofSeconds(3));

    public CacheSettings {
        if (postBytes < 0 || commentBytes < 0 || profiles < 0 || counts < 0) {
            throw new IllegalArgumentException("cache bounds must not be negative");
        }
        for (Duration d :
                new Duration[] {postMaxAge, profileMaxAge, countsMaxAge, invalidationPoll, invalidationLateness}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("cache durations must be positive");
            }
        }
    }
}
