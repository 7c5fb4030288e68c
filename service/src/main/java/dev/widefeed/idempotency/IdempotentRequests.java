package dev.widefeed.idempotency;

import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * Creating POSTs made safe to retry (docs/design.md, "Idempotent creation"). The first request with a key claims it,
 * with the id its resource will have, before it creates anything; the same key again within the key's lifetime
 * answers that resource instead of creating another. A retry that finds the claim but no resource, once the first
 * request must have ended, creates it under the claimed id, unless the claim says it was created (then it was
 * deleted since: 404).
 */
public final class IdempotentRequests {
    /** How long a key is remembered. */
    public static final Duration KEY_LIFETIME = Duration.ofHours(24);
    /**
     * How long a claim without its resource is left to the request that made it: far past any store timeout, so a
     * request still running is not overtaken; a retry meanwhile is told to come back (409).
     */
    public static final Duration IN_FLIGHT = Duration.ofSeconds(30);

    private final IdempotencyStore store;
    private final IdGenerator ids;
    private final Clock clock;

    public IdempotentRequests(IdempotencyStore store, IdGenerator ids, Clock clock) {
        this.store = store;
        this.ids = ids;
        this.clock = clock;
    }

    /** What a creating request answered, and whether it was an earlier request's resource. */
    public record Outcome<T>(T value, boolean replayed) {}

    /** The scope of one user's keys, whichever face of the API they came through. */
    public static String userScope(long userId) {
        return "user:" + userId;
    }

    /**
     * Creates once per key. Without a key, {@code create} runs under a new id. With one: a first request claims the
     * key and creates; a refused one (a domain error) releases it, so the request may be corrected and sent again
     * with it. A request with a claimed key answers the claimed resource if {@code created} finds it, 422 if the key
     * came with another request ({@code fingerprint}), 409 while the first may still be running, and creates under
     * the claimed id once it cannot be.
     *
     * @param scope       whose keys these are: one user's, or sign-ups'
     * @param fingerprint what identifies the request apart from its key (never a secret in clear)
     * @param create      creates the resource under the id given
     * @param created     the resource of an id, if it was created
     */
    public <T> Outcome<T> once(
            String scope,
            Optional<String> key,
            String fingerprint,
            LongFunction<T> create,
            LongFunction<Optional<T>> created) {
        if (key.isEmpty()) {
            return new Outcome<>(create.apply(ids.next()), false);
        }
        Claim mine = new Claim(scope, key.get(), fingerprint, ids.next(), now());
        Claim holder = store.claim(mine, KEY_LIFETIME);
        if (holder.equals(mine)) {
            return new Outcome<>(createReleasingOnRefusal(mine, create), false);
        }
        if (!holder.fingerprint().equals(fingerprint)) {
            throw DomainException.invalid("the Idempotency-Key " + key.get() + " was used with another request");
        }
        Optional<T> existing = created.apply(holder.resourceId());
        if (existing.isPresent()) {
            return new Outcome<>(existing.get(), true);
        }
        if (holder.done()) {
            throw DomainException.notFound("what the Idempotency-Key " + key.get() + " created is gone");
        }
        Instant now = now();
        if (holder.claimedAt().plus(IN_FLIGHT).isAfter(now) || !store.takeOver(holder, now, KEY_LIFETIME)) {
            throw DomainException.conflict("a request with the Idempotency-Key " + key.get()
                    + " is still being worked on; send it again in a few seconds");
        }
        Claim taken = new Claim(scope, key.get(), fingerprint, holder.resourceId(), now);
        return new Outcome<>(createReleasingOnRefusal(taken, create), false);
    }

    /**
     * Frees a key whose resource was undone on purpose, so that the same request makes a new one: a reblog taken back
     * and made again. Without this the key would answer 404 for its whole lifetime (what it created is gone).
     */
    public void forget(String scope, String key) {
        store.forget(scope, key);
    }

    /** Creates under the claim's id; a refusal releases the claim, a success marks it done. */
    private <T> T createReleasingOnRefusal(Claim claim, LongFunction<T> create) {
        T value;
        try {
            value = create.apply(claim.resourceId());
        } catch (DomainException refused) {
            store.release(claim);
            throw refused;
        }
        BestEffort.run(
                () -> store.complete(claim),
                "the claim of Idempotency-Key " + claim.key()
                        + " stays pending: a retry finds its resource all the same, but would make it again once deleted");
        return value;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
