package dev.widefeed.idempotency;

import java.time.Instant;

/**
 * Who holds an idempotency key: within {@code scope} (one user's requests, or sign-ups), the request whose
 * {@code fingerprint} first came with {@code key}, the id of the resource it creates (taken before it ran, so a
 * retry can find it, or create it under the same id), when it was claimed, and whether its request finished
 * creating it ({@code done}: a retry that then finds no resource finds one deleted since, not one never made).
 */
public record Claim(String scope, String key, String fingerprint, long resourceId, Instant claimedAt, boolean done) {
    /** A claim not yet done. */
    public Claim(String scope, String key, String fingerprint, long resourceId, Instant claimedAt) {
        this(scope, key, fingerprint, resourceId, claimedAt, false);
    }

    public Claim asDone() {
        return new Claim(scope, key, fingerprint, resourceId, claimedAt, true);
    }
}
