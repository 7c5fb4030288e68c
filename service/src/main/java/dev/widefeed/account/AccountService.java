package dev.widefeed.account;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserService;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.IdGenerator;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * Sign-up with a password, sign-in, refresh-token rotation, sign-out and password changes (docs/design.md,
 * "Accounts and sessions"). Access tokens are the web layer's; this service keeps the sessions they name and
 * says whether a token's session still stands.
 */
public final class AccountService {
    /** The one answer to any refused sign-in, so it never tells whether the handle exists. */
    static final String WRONG_CREDENTIALS = "the handle or password is wrong";

    static final String INVALID_REFRESH = "the refresh token is not valid; sign in again";
    static final String INVALID_GRANT = "the authorization code is not valid; sign in again";

    private final AccountStore store;
    private final UserService users;
    private final PasswordHasher hasher;
    private final RefreshToken.Signer signer;
    private final AccountRules rules;
    private final SignInThrottle throttle;
    private final IdGenerator ids;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    /** What this instance last read of a token's session and its user's sign-outs, per (user, session or 0). */
    private final Cache<StandingKey, SessionStanding> standings;

    public AccountService(
            AccountStore store,
            UserService users,
            PasswordHasher hasher,
            RefreshToken.Signer signer,
            AccountRules rules,
            IdGenerator ids,
            Clock clock) {
        this.store = store;
        this.users = users;
        this.hasher = hasher;
        this.signer = signer;
        this.rules = rules;
        this.throttle = new SignInThrottle(store, rules, ids, clock);
        this.ids = ids;
        this.clock = clock;
        this.standings = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(rules.revocationCheck())
                .build();
    }

    /** A new session beside a new user, as {@link SignedIn}. */
    public record SignedUp(User user, SignedIn session) {}

    /** A session just made or rotated, with the refresh token the client keeps. */
    public record SignedIn(Session session, String refreshToken) {
        public long userId() {
            return session.userId();
        }
    }

    /**
     * A new user with a password and a first session. The password is hashed, then saved under the new id, before
     * the handle is claimed and the user written: a sign-up that fails midway leaves at most a hash nobody can
     * reach, never a user without a password.
     */
    public SignedUp signUp(String name, Optional<String> handle, Password password) {
        return signUp(ids.next(), name, handle, password);
    }

    /** {@link #signUp(String, Optional, Password)} under an id the caller took (an idempotent request's). */
    public SignedUp signUp(long id, String name, Optional<String> handle, Password password) {
        String hash = hasher.hash(password);
        store.savePasswordHash(id, hash);
        User user = users.create(id, name, handle);
        return new SignedUp(user, newSession(id));
    }

    /**
     * A sign-up sent again (an idempotent request's): the user it created, if it was, with a new session. Only the
     * same password gets one: with another, it is not the same request (422), and nothing changes.
     */
    public Optional<SignedUp> signedUp(long userId, Password password) {
        Optional<User> user = users.find(userId);
        if (user.isPresent() && !passwordMatches(userId, password)) {
            throw DomainException.invalid("the Idempotency-Key was used with another request");
        }
        return user.map(u -> new SignedUp(u, newSession(userId)));
    }

    /**
     * Signs in by handle (any case) and password, from a client address: a new session, or 401 with one message
     * for an unknown handle, a wrong password and an account without a password, after the same work (the hash is
     * checked in every case); 429 once the handle or the address failed too often lately.
     */
    public SignedIn signIn(String handleText, Password password, String address) {
        throttle.check(handleText, address);
        Optional<User> user = Handle.tryParse(handleText).flatMap(users::findByHandle);
        // Read for a missing user too (an id nobody has), so both paths make the same reads.
        Credentials credentials = store.credentials(user.map(User::id).orElse(0L));
        if (!hasher.matches(password, credentials.passwordHash()) || user.isEmpty()) {
            throttle.recordFailure(handleText, address);
            throw DomainException.unauthenticated(WRONG_CREDENTIALS);
        }
        long userId = user.get().id();
        credentials
                .passwordHash()
                .filter(hasher::outdated)
                .ifPresent(outdated -> store.savePasswordHash(userId, hasher.hash(password)));
        return newSession(userId);
    }

    /**
     * The next refresh token of the session the given one belongs to, if it is that session's current one. One of
     * an earlier generation (a token used twice: stolen, or a client replaying) revokes the whole session; any
     * other token, or an expired, revoked or signed-out session, is refused the same way (401).
     */
    public SignedIn refresh(String refreshToken) {
        RefreshToken token =
                RefreshToken.decode(refreshToken).orElseThrow(() -> DomainException.unauthenticated(INVALID_REFRESH));
        SessionStanding standing = store.standing(token.userId(), token.sessionId());
        Session session = standing.session()
                .filter(s -> signer.issuedFor(token, s))
                .orElseThrow(() -> DomainException.unauthenticated(INVALID_REFRESH));
        Instant now = now();
        if (session.revoked()
                || session.createdAt().plus(rules.sessionMaxAge()).isBefore(now)
                || standing.credentials().signedOutSince(session.createdAt())) {
            throw DomainException.unauthenticated(INVALID_REFRESH);
        }
        if (token.generation() != session.generation()) {
            revoke(session);
            throw DomainException.unauthenticated("the refresh token was used before; the session is revoked");
        }
        Session next = session.rotated(now);
        if (!store.replaceSession(session, next, rules.sessionIdle())) {
            // Another rotation of the same token won: this one is a reuse.
            store.session(session.userId(), session.sessionId()).ifPresent(this::revoke);
            throw DomainException.unauthenticated("the refresh token was used before; the session is revoked");
        }
        return new SignedIn(next, signer.issue(next).encode());
    }

    /**
     * Redeems a session made by a sign-in for an app (docs/mastodon.md, "Sign-in"): the first time, its generation 0
     * becomes 1 and the session is kept for the sessions' maximum age, since an app's token is not refreshed (its
     * refresh tokens were never handed out). A second redemption is an authorization code used twice: refused, and
     * the session revoked with every token issued for it. Answers when the session expires.
     */
    public Instant redeem(long userId, long sessionId) {
        SessionStanding standing = store.standing(userId, sessionId);
        Session session = standing.session()
                .filter(s -> !s.revoked())
                .filter(s -> !standing.credentials().signedOutSince(s.createdAt()))
                .orElseThrow(() -> DomainException.unauthenticated(INVALID_GRANT));
        if (session.generation() != 0) {
            revoke(session);
            throw DomainException.unauthenticated("the authorization code was used before; its grant is revoked");
        }
        Session next = session.rotated(now());
        if (!store.replaceSession(session, next, rules.sessionMaxAge())) {
            store.session(userId, sessionId).ifPresent(this::revoke);
            throw DomainException.unauthenticated("the authorization code was used before; its grant is revoked");
        }
        return session.createdAt().plus(rules.sessionMaxAge());
    }

    /** Ends one session: its refresh token and every access token issued for it stop working. */
    public void signOut(long userId, long sessionId) {
        store.session(userId, sessionId).ifPresent(this::revoke);
    }

    /** Ends every session of the user and voids every token issued so far, sessionless ones included. */
    public void signOutEverywhere(long userId) {
        store.signOutEverywhere(userId, now());
        standings.asMap().keySet().removeIf(key -> key.userId() == userId);
    }

    /**
     * Sets a new password: the current one is required when the account has one (403 when it is missing or
     * wrong). Every earlier session and token is voided, and the caller gets a new session.
     */
    public SignedIn changePassword(long userId, Optional<Password> current, Password next) {
        Credentials credentials = store.credentials(userId);
        if (credentials.passwordHash().isPresent()
                && (current.isEmpty() || !hasher.matches(current.get(), credentials.passwordHash()))) {
            throw DomainException.forbidden("currentPassword: is missing or wrong");
        }
        store.savePasswordHash(userId, hasher.hash(next));
        signOutEverywhere(userId);
        return newSession(userId);
    }

    /**
     * Closes the account for its erasure: its password and sessions go, so nobody signs in to it again, and every
     * token issued so far stops working.
     */
    public void close(long userId) {
        store.forget(userId);
        signOutEverywhere(userId);
    }

    /** Whether {@code password} is the user's (false when they have none). */
    public boolean passwordMatches(long userId, Password password) {
        return hasher.matches(password, store.credentials(userId).passwordHash());
    }

    /**
     * Whether an access token still stands: its session (if it names one) exists and is not revoked, and the user
     * has not signed out everywhere since the token, or its session, was made. Read at most once per
     * {@link AccountRules#revocationCheck} per session on this instance.
     */
    public boolean honours(TokenClaims claims) {
        long sessionId = claims.sessionId().orElse(0L);
        SessionStanding standing = standings.get(
                new StandingKey(claims.userId(), sessionId),
                key -> key.sessionId() == 0
                        ? new SessionStanding(store.credentials(key.userId()), Optional.empty())
                        : store.standing(key.userId(), key.sessionId()));
        if (claims.sessionId().isEmpty()) {
            // Issued without a session: its second is all we know of when, so a sign-out in that second voids it.
            return !standing.credentials().signedOutSince(claims.issuedAt());
        }
        return standing.session()
                .filter(s -> !s.revoked())
                .filter(s -> !standing.credentials().signedOutSince(s.createdAt()))
                .isPresent();
    }

    private SignedIn newSession(long userId) {
        Instant now = now();
        List<Session> live = store.sessions(userId);
        int over = live.size() - rules.maxSessionsPerUser() + 1;
        if (over > 0) {
            store.deleteSessions(
                    userId,
                    live.subList(0, over).stream().map(Session::sessionId).toList());
        }
        byte[] nonce = new byte[Session.NONCE_BYTES];
        random.nextBytes(nonce);
        Session session = new Session(userId, ids.next(), 0, false, nonce, now, now);
        store.createSession(session, rules.sessionIdle());
        return new SignedIn(session, signer.issue(session).encode());
    }

    private void revoke(Session session) {
        store.revokeSession(session, rules.sessionIdle());
        standings.invalidate(new StandingKey(session.userId(), session.sessionId()));
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private record StandingKey(long userId, long sessionId) {}
}
