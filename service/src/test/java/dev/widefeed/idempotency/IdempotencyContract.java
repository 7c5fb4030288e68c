package dev.widefeed.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Idempotency keys' claims and the creation they guard, over each real backend in turn ({@link TestBackend}). */
@BackendContract
public class IdempotencyContract {
    private static final Duration DAY = Duration.ofDays(1);
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    IdempotencyContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private IdempotencyStore store() {
        return storage().idempotency();
    }

    private Claim claim(String scope, String key, String fingerprint, Instant at) {
        return new Claim(scope, key, fingerprint, ids.next(), at.truncatedTo(ChronoUnit.MILLIS));
    }

    private String scope() {
        return "user:" + ids.next();
    }

    @Test
    void theFirstClaimOfAKeyHoldsItAndItsOwnClaimAgainStillDoes() {
        String scope = scope();
        Claim first = claim(scope, "key-1", "fp", Instant.now());
        assertThat(store().claim(first, DAY)).isEqualTo(first);
        assertThat(store().claim(first, DAY)).as("a retried claim").isEqualTo(first);
        Claim second = claim(scope, "key-1", "other", Instant.now());
        assertThat(store().claim(second, DAY)).isEqualTo(first);
        Claim elsewhere = claim(scope(), "key-1", "fp", Instant.now());
        assertThat(store().claim(elsewhere, DAY)).as("another scope's key").isEqualTo(elsewhere);
    }

    @Test
    void aTakeOverAndAReleaseApplyOnlyToTheClaimAsRead() {
        String scope = scope();
        Claim stale = claim(scope, "k", "fp", Instant.now().minusSeconds(60));
        store().claim(stale, DAY);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        assertThat(store().takeOver(stale, now, DAY)).isTrue();
        assertThat(store().takeOver(stale, now.plusMillis(1), DAY))
                .as("the claim moved on")
                .isFalse();
        Claim taken = new Claim(scope, "k", "fp", stale.resourceId(), now);
        assertThat(store().claim(claim(scope, "k", "fp", now), DAY)).isEqualTo(taken);

        store().release(stale); // no longer as read: nothing happens
        assertThat(store().claim(claim(scope, "k", "fp", now), DAY)).isEqualTo(taken);
        store().release(taken);
        Claim after = claim(scope, "k", "fp", now);
        assertThat(store().claim(after, DAY)).as("released, the key is free").isEqualTo(after);
    }

    @Test
    void aKeyCreatesOnceAndAnswersTheSameResourceAfter() {
        IdempotentRequests requests = new IdempotentRequests(store(), ids, Clock.systemUTC());
        Set<Long> created = ConcurrentHashMap.newKeySet();
        String scope = scope();
        IdempotentRequests.Outcome<Long> first = requests.once(
                scope,
                Optional.of("abc"),
                "fp",
                id -> {
                    created.add(id);
                    return id;
                },
                id -> created.contains(id) ? Optional.of(id) : Optional.empty());
        IdempotentRequests.Outcome<Long> again = requests.once(
                scope,
                Optional.of("abc"),
                "fp",
                id -> {
                    created.add(id);
                    return id;
                },
                id -> created.contains(id) ? Optional.of(id) : Optional.empty());
        assertThat(first.replayed()).isFalse();
        assertThat(again.replayed()).isTrue();
        assertThat(again.value()).isEqualTo(first.value());
        assertThat(created).containsExactly(first.value());
        assertThatThrownBy(() ->
                        requests.once(scope, Optional.of("abc"), "another request", id -> id, id -> Optional.of(id)))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID));
        created.clear(); // as if the resource were deleted since: the key does not make it again
        assertThatThrownBy(() -> requests.once(
                        scope,
                        Optional.of("abc"),
                        "fp",
                        id -> {
                            created.add(id);
                            return id;
                        },
                        id -> Optional.empty()))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.NOT_FOUND));
        assertThat(created).isEmpty();
        List<Long> noKey = new ArrayList<>();
        requests.once(scope, Optional.empty(), "fp", id -> noKey.add(id), id -> Optional.empty());
        requests.once(scope, Optional.empty(), "fp", id -> noKey.add(id), id -> Optional.empty());
        assertThat(noKey).as("without a key every request creates").hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void aRefusedRequestFreesItsKeyAndAClaimWithoutItsResourceIsTakenOverOnlyWhenStale() {
        IdempotentRequests requests = new IdempotentRequests(store(), ids, Clock.systemUTC());
        String scope = scope();
        assertThatThrownBy(() -> requests.once(
                        scope,
                        Optional.of("fix-me"),
                        "fp",
                        id -> {
                            throw DomainException.invalid("content: empty");
                        },
                        id -> Optional.empty()))
                .isInstanceOf(DomainException.class);
        assertThat(requests.once(scope, Optional.of("fix-me"), "fixed", id -> id, id -> Optional.empty())
                        .replayed())
                .as("the corrected request with the same key")
                .isFalse();

        // A request that claimed its key and died before creating anything.
        Claim young = claim(scope, "young", "fp", Instant.now());
        store().claim(young, DAY);
        assertThatThrownBy(() -> requests.once(scope, Optional.of("young"), "fp", id -> id, id -> Optional.empty()))
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.CONFLICT));
        Claim stale = claim(
                scope,
                "stale",
                "fp",
                Instant.now().minus(IdempotentRequests.IN_FLIGHT).minusSeconds(5));
        store().claim(stale, DAY);
        IdempotentRequests.Outcome<Long> retried =
                requests.once(scope, Optional.of("stale"), "fp", id -> id, id -> Optional.empty());
        assertThat(retried.value()).as("created under the claimed id").isEqualTo(stale.resourceId());
        assertThat(retried.replayed()).isFalse();
    }
}
