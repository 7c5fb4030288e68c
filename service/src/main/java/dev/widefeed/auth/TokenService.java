package dev.widefeed.auth;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.Claim;
import com.auth0.jwt.interfaces.DecodedJWT;
import dev.widefeed.account.TokenClaims;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Mints and verifies bearer tokens: JWTs signed with HMAC-SHA256, naming the user as subject. An access token also
 * names its session ({@code sid}) and lives {@code accessLifetime}; an operator's token (the {@code token} command)
 * names no session and lives {@code operatorLifetime}, as every token did before sessions.
 */
public final class TokenService {
    public static final int MIN_SECRET_LENGTH = 32;
    private static final String ISSUER = "widefeed";
    private static final String SESSION = "sid";

    private final Algorithm algorithm;
    private final JWTVerifier verifier;
    private final Duration accessLifetime;
    private final Duration operatorLifetime;
    private final Clock clock;

    public TokenService(String secret, Duration accessLifetime, Duration operatorLifetime, Clock clock) {
        if (secret == null || secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException("the token secret must have at least " + MIN_SECRET_LENGTH + " characters");
        }
        this.algorithm = Algorithm.HMAC256(secret);
        // Verified against the same clock tokens are minted with, so tests can move time.
        this.verifier = ((JWTVerifier.BaseVerification) JWT.require(algorithm).withIssuer(ISSUER).acceptLeeway(5))
                .build(clock);
        this.accessLifetime = accessLifetime;
        this.operatorLifetime = operatorLifetime;
        this.clock = clock;
    }

    /** A token without a session, for operators: voided only by its user signing out everywhere, or by expiry. */
    public String mint(long userId) {
        return JWT.create()
                .withIssuer(ISSUER)
                .withSubject(Long.toString(userId))
                .withIssuedAt(clock.instant())
                .withExpiresAt(clock.instant().plus(operatorLifetime))
                .sign(algorithm);
    }

    /** A short-lived access token of one session. */
    public String mintAccess(long userId, long sessionId) {
        return JWT.create()
                .withIssuer(ISSUER)
                .withSubject(Long.toString(userId))
                .withClaim(SESSION, Long.toString(sessionId))
                .withIssuedAt(clock.instant())
                .withExpiresAt(accessExpiry())
                .sign(algorithm);
    }

    /** When an access token minted now expires (to the second, as the token says). */
    public Instant accessExpiry() {
        return clock.instant().plus(accessLifetime).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    }

    /** What a valid, unexpired token says. */
    public Optional<TokenClaims> verify(String token) {
        try {
            DecodedJWT jwt = verifier.verify(token);
            long userId = Long.parseLong(jwt.getSubject());
            Claim session = jwt.getClaim(SESSION);
            Optional<Long> sessionId = session.isMissing() || session.isNull()
                    ? Optional.empty() : Optional.of(Long.parseLong(session.asString()));
            Instant issuedAt = jwt.getIssuedAtAsInstant();
            if (userId <= 0 || issuedAt == null || sessionId.filter(id -> id <= 0).isPresent()) {
                return Optional.empty();
            }
            return Optional.of(new TokenClaims(userId, sessionId, issuedAt));
        } catch (JWTVerificationException | NumberFormatException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
