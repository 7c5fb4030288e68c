package dev.widefeed.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.graph.User;
import dev.widefeed.graph.UserService;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Passwords, sessions and sign-in throttling over each real backend in turn ({@link TestBackend}). */
@BackendContract
public class AccountContract {
    private static final PasswordHasher HASHER =
            new PasswordHasher(new PasswordHasher.Settings(256, 1, 1, 4, Duration.ofSeconds(5)));
    private static final Password PASSWORD = Password.choose("a long password");
    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    AccountContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage(getClass());
    }

    private UserService users() {
        return TestStorages.userService(storage(), ids, Clock.systemUTC());
    }

    private AccountService accounts(AccountRules rules) {
        return new AccountService(
                storage().accounts(),
                users(),
                HASHER,
                new RefreshToken.Signer("account-contract-secret-0123456789abcdef"),
                rules,
                ids,
                Clock.systemUTC());
    }

    private AccountService accounts() {
        return accounts(AccountRules.DEFAULT);
    }

    private String fresh(String prefix) {
        return prefix + Long.toString(ids.next(), 36).substring(4);
    }

    private static void assertRefused(Runnable call, DomainException.Kind kind) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        DomainException.class, e -> assertThat(e.kind()).isEqualTo(kind));
    }

    @Test
    void anAccountFromBeforePasswordsCannotSignInUntilItsTokenSetsOne() {
        String handle = fresh("legacy_");
        User legacy = users().create("Legacy", Optional.of(handle)); // no password, as before sessions
        AccountService accounts = accounts();
        String address = fresh("10.0.");
        assertRefused(() -> accounts.signIn(handle, PASSWORD, address), DomainException.Kind.UNAUTHENTICATED);
        assertThat(accounts.honours(new TokenClaims(legacy.id(), Optional.empty(), Instant.now())))
                .as("its old token stands")
                .isTrue();

        AccountService.SignedIn set = accounts.changePassword(legacy.id(), Optional.empty(), PASSWORD);
        assertThat(set.userId()).isEqualTo(legacy.id());
        assertThat(accounts.signIn(handle.toUpperCase(Locale.ROOT), PASSWORD, address)
                        .userId())
                .isEqualTo(legacy.id());
        assertThat(accounts.honours(new TokenClaims(
                        legacy.id(), Optional.empty(), Instant.now().minusSeconds(5))))
                .as("setting a password voids the tokens issued before")
                .isFalse();
        assertRefused(
                () -> accounts.changePassword(legacy.id(), Optional.empty(), Password.choose("another one!")),
                DomainException.Kind.FORBIDDEN);
        assertRefused(
                () -> accounts.changePassword(
                        legacy.id(), Optional.of(Password.offered("wrong password")), Password.choose("another one!")),
                DomainException.Kind.FORBIDDEN);
        assertThat(accounts.passwordMatches(legacy.id(), PASSWORD)).isTrue();
    }

    @Test
    void failedSignInsPastTheLimitAreRefusedForTheHandleEvenWithTheRightPassword() {
        AccountRules rules = new AccountRules(
                Duration.ofDays(1), Duration.ofDays(2), 20, Duration.ofMinutes(15), 3, 5, Duration.ofSeconds(10));
        AccountService accounts = accounts(rules);
        String handle = fresh("throttled_");
        accounts.signUp("Throttled", Optional.of(handle), PASSWORD);
        String address = fresh("10.1.");
        for (int i = 0; i < 3; i++) {
            assertRefused(
                    () -> accounts.signIn(handle, Password.offered("not the password"), address),
                    DomainException.Kind.UNAUTHENTICATED);
        }
        assertThatThrownBy(() -> accounts.signIn(handle, PASSWORD, fresh("10.2.")))
                .as("the handle is past its limit, from any address")
                .isInstanceOfSatisfying(
                        SignInThrottledException.class,
                        e -> assertThat(e.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(15)));

        // An unknown handle counts the same, and the address's own limit stops a spray over many handles.
        String sprayer = fresh("10.3.");
        assertRefused(() -> accounts.signIn(fresh("nobody_"), PASSWORD, sprayer), DomainException.Kind.UNAUTHENTICATED);
        for (int i = 0; i < 4; i++) {
            assertRefused(
                    () -> accounts.signIn(fresh("guess_"), PASSWORD, sprayer), DomainException.Kind.UNAUTHENTICATED);
        }
        String other = fresh("other_");
        accounts.signUp("Other", Optional.of(other), PASSWORD);
        assertThatThrownBy(() -> accounts.signIn(other, PASSWORD, sprayer))
                .isInstanceOf(SignInThrottledException.class);
        assertThat(accounts.signIn(other, PASSWORD, fresh("10.4.")).userId())
                .as("from elsewhere")
                .isPositive();
    }

    @Test
    void signingInPastTheCapRemovesTheOldestSessions() {
        AccountRules rules = new AccountRules(
                Duration.ofDays(1), Duration.ofDays(2), 3, Duration.ofMinutes(15), 10, 100, Duration.ZERO);
        AccountService accounts = accounts(rules);
        String handle = fresh("capped_");
        AccountService.SignedUp signedUp = accounts.signUp("Capped", Optional.of(handle), PASSWORD);
        long user = signedUp.user().id();
        String address = fresh("10.5.");
        AccountService.SignedIn second = accounts.signIn(handle, PASSWORD, address);
        accounts.signIn(handle, PASSWORD, address);
        accounts.signIn(handle, PASSWORD, address);
        assertThat(storage().accounts().sessions(user)).hasSize(3);
        assertThat(accounts.honours(claims(signedUp.session())))
                .as("the first, removed")
                .isFalse();
        assertThat(accounts.honours(claims(second))).isTrue();
        assertRefused(() -> accounts.refresh(signedUp.session().refreshToken()), DomainException.Kind.UNAUTHENTICATED);
    }

    @Test
    void aReusedRefreshTokenRevokesTheSessionAndForgedOnesChangeNothing() {
        AccountService accounts = accounts(new AccountRules(
                Duration.ofDays(1), Duration.ofDays(2), 20, Duration.ofMinutes(15), 10, 100, Duration.ZERO));
        AccountService.SignedUp signedUp = accounts.signUp("Rotating", Optional.of(fresh("rot_")), PASSWORD);
        String first = signedUp.session().refreshToken();
        RefreshToken decoded = RefreshToken.decode(first).orElseThrow();
        byte[] mac = decoded.mac();
        mac[0] ^= 1;
        String forged = new RefreshToken(decoded.userId(), decoded.sessionId(), decoded.generation(), mac).encode();
        assertRefused(() -> accounts.refresh(forged), DomainException.Kind.UNAUTHENTICATED);
        String ahead = new RefreshToken(decoded.userId(), decoded.sessionId(), 5, decoded.mac()).encode();
        assertRefused(() -> accounts.refresh(ahead), DomainException.Kind.UNAUTHENTICATED);

        AccountService.SignedIn second = accounts.refresh(first);
        assertThat(second.session().generation())
                .as("forgeries did not move it")
                .isEqualTo(1);
        AccountService.SignedIn third = accounts.refresh(second.refreshToken());
        assertThat(accounts.honours(claims(third))).isTrue();
        assertRefused(() -> accounts.refresh(first), DomainException.Kind.UNAUTHENTICATED);
        assertThat(accounts.honours(claims(third)))
                .as("the reuse revoked the session")
                .isFalse();
        assertRefused(() -> accounts.refresh(third.refreshToken()), DomainException.Kind.UNAUTHENTICATED);
    }

    private static TokenClaims claims(AccountService.SignedIn signedIn) {
        return new TokenClaims(signedIn.userId(), Optional.of(signedIn.session().sessionId()), Instant.now());
    }
}
