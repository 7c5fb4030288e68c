package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.widefeed.account.AccountStore;
import dev.widefeed.account.Credentials;
import dev.widefeed.account.Session;
import dev.widefeed.account.SessionStanding;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** What every backend's {@link AccountStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class AccountStoreContract {
    private static final Duration DAY = Duration.ofDays(1);
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    AccountStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private AccountStore accounts() {
        return storage().accounts();
    }

    private Session newSession(long userId) {
        byte[] nonce = new byte[Session.NONCE_BYTES];
        new java.util.Random(userId).nextBytes(nonce);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return new Session(userId, ids.next(), 0, false, nonce, now, now);
    }

    @Test
    void credentialsAreNoneUntilSetAndThenReadBack() {
        long user = ids.next();
        assertThat(accounts().credentials(user)).isEqualTo(Credentials.none(user));
        accounts().savePasswordHash(user, "$argon2id$v=19$m=256,t=1,p=1$first");
        assertThat(accounts().credentials(user).passwordHash()).contains("$argon2id$v=19$m=256,t=1,p=1$first");
        assertThat(accounts().credentials(user).signedOutAt()).isEmpty();
        accounts().savePasswordHash(user, "$argon2id$second");
        Instant out = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        accounts().signOutEverywhere(user, out);
        assertThat(accounts().credentials(user))
                .isEqualTo(new Credentials(user, Optional.of("$argon2id$second"), Optional.of(out)));
        assertThat(accounts().credentials(ids.next()).passwordHash())
                .as("another user")
                .isEmpty();
    }

    @Test
    void sessionsRoundTripOldestFirstBesideTheCredentials() {
        long user = ids.next();
        assertThat(accounts().sessions(user)).isEmpty();
        accounts().savePasswordHash(user, "hash");
        assertThat(accounts().sessions(user))
                .as("credentials alone are no session")
                .isEmpty();
        Session first = newSession(user);
        Session second = newSession(user);
        accounts().createSession(second, DAY);
        accounts().createSession(first, DAY);
        accounts().createSession(first, DAY); // again: the same session
        assertThat(accounts().session(user, first.sessionId())).contains(first);
        assertThat(accounts().sessions(user)).containsExactly(first, second);
        assertThat(accounts().session(user, ids.next())).isEmpty();
        assertThat(accounts().session(ids.next(), first.sessionId()))
                .as("another user's key")
                .isEmpty();

        SessionStanding standing = accounts().standing(user, first.sessionId());
        assertThat(standing.session()).contains(first);
        assertThat(standing.credentials().passwordHash()).contains("hash");
        SessionStanding gone = accounts().standing(user, ids.next());
        assertThat(gone.session()).isEmpty();
        assertThat(gone.credentials().passwordHash())
                .as("credentials without the session")
                .contains("hash");

        accounts().deleteSessions(user, List.of(first.sessionId()));
        assertThat(accounts().sessions(user)).containsExactly(second);
        assertThat(accounts().credentials(user).passwordHash())
                .as("deleting sessions keeps the password")
                .contains("hash");
    }

    @Test
    void aRotationAppliesOnlyToTheGenerationItReadAndNeverToARevokedSession() {
        long user = ids.next();
        Session session = newSession(user);
        accounts().createSession(session, DAY);
        Session next = session.rotated(session.createdAt().plusSeconds(60));
        assertThat(accounts().replaceSession(session, next, DAY)).isTrue();
        assertThat(accounts().session(user, session.sessionId())).contains(next);
        assertThat(accounts().replaceSession(session, next, DAY))
                .as("the old generation again")
                .isFalse();

        accounts().revokeSession(next, DAY);
        assertThat(accounts().session(user, session.sessionId())).contains(next.asRevoked());
        assertThat(accounts().replaceSession(next, next.rotated(next.refreshedAt()), DAY))
                .as("a rotation read before the revocation")
                .isFalse();
        assertThat(accounts().session(user, session.sessionId())).contains(next.asRevoked());
    }

    @Test
    void ofConcurrentRotationsOfOneGenerationExactlyOneWins() throws Exception {
        long user = ids.next();
        Session session = newSession(user);
        accounts().createSession(session, DAY);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Boolean>> rotations = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Session next = session.rotated(session.createdAt().plusMillis(i + 1));
                rotations.add(() -> accounts().replaceSession(session, next, DAY));
            }
            long winners = 0;
            for (Future<Boolean> won : pool.invokeAll(rotations)) {
                winners += won.get() ? 1 : 0;
            }
            assertThat(winners).isEqualTo(1);
            assertThat(accounts()
                            .session(user, session.sessionId())
                            .orElseThrow()
                            .generation())
                    .isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSessionExpiresItsTtlAfterItsLastWrite() {
        long user = ids.next();
        Session session = newSession(user);
        accounts().createSession(session, Duration.ofSeconds(2));
        assertThat(accounts().session(user, session.sessionId())).isPresent();
        await("past the ttl")
                .atMost(Duration.ofSeconds(3))
                .untilAsserted(() -> assertThat(accounts().session(user, session.sessionId()))
                        .isEmpty());
        assertThat(accounts().sessions(user)).isEmpty();
    }

    @Test
    void failuresAreCountedPerKeyAndWindowOncePerAttemptUpToTheLimitAsked() {
        String key = "handle:contract_" + ids.next();
        Instant window = Instant.parse("2026-11-25T10:15:00Z");
        assertThat(accounts().failures(key, window, 10)).isZero();
        long attempt = ids.next();
        accounts().recordFailure(key, window, attempt, DAY);
        accounts().recordFailure(key, window, attempt, DAY); // a retried write
        for (int i = 0; i < 5; i++) {
            accounts().recordFailure(key, window, ids.next(), DAY);
        }
        assertThat(accounts().failures(key, window, 10)).isEqualTo(6);
        assertThat(accounts().failures(key, window, 4)).isEqualTo(4);
        assertThat(accounts().failures(key, window, 0)).isZero();
        assertThat(accounts().failures(key, window.plus(Duration.ofMinutes(15)), 10))
                .as("the next window")
                .isZero();
        assertThat(accounts().failures(key + "x", window, 10)).as("another key").isZero();
    }
}
