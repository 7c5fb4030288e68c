package dev.widefeed.cache;

import java.time.Instant;

/**
 * A change that every instance's cached copy of one thing must drop: {@code kind} names the cache ({@code post},
 * {@code profile}), {@code id} the key, {@code at} when it was announced (the announcer's clock). A kind no cache
 * here knows (announced by a newer version) is ignored.
 */
public record Invalidation(String kind, long id, Instant at) {
    public Invalidation {
        if (kind == null || kind.isEmpty()) {
            throw new IllegalArgumentException("an invalidation names its cache");
        }
    }
}
