package dev.widefeed.idempotency;

import java.time.Duration;
import java.time.Instant;

/** Idempotency keys' claims (docs/design.md, "Idempotent creation"); each expires {@code ttl} after it was written. */
public interface IdempotencyStore {
    /**
     * Claims the key for {@code claim} by a conditional write, unless someone holds it: answers the claim that holds
     * it after the call ({@code claim} itself when it won).
     */
    Claim claim(Claim claim, Duration ttl);

    /** Moves {@code stale} to {@code now} by a conditional write if it is still as read; whether it moved. */
    boolean takeOver(Claim stale, Instant now, Duration ttl);

    /** Marks the claim done (its resource was created), if it is still this one. */
    void complete(Claim claim);

    /** Removes the claim if it is still this one, so a refused request leaves the key free. */
    void release(Claim claim);

    /** Removes the key's claim, whoever holds it: what it named was undone (a reblog taken back). Idempotent. */
    void forget(String scope, String key);
}
