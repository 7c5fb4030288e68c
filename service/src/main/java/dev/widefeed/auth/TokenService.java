package dev.widefeed.auth;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.Claim;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.widefeed.account.TokenClaims;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Mints and verifies bearer tokens: JWTs signed with HMAC-SHA256, naming the user as subject. An access token also
 * names its session ({@code sid}) and lives {@code accessLifetime}; an operator's token (the {@code token} command)
 * names no session and lives {@code operatorLifetime}, as every token did before sessions.
 *
 * <p>A client sends the same token with every request of its session, so a token verified lately is answered from
 * memory (its claims and expiry, kept a minute at most), checked against its expiry each time: parsing a JWT and
 * checking its MAC was 7 % of the service's CPU under a load of home pages. The memory is keyed by a SHA-256 digest
 * of the token, not the token, so that the time a lookup takes says nothing about a valid token's bytes. Whether its
 * session still stands is the caller's to ask ({@link TokenAuthenticator}), every time.
 */
public final class TokenService {
    public static final int MIN_SECRET_LENGTH = 32;
    private static final String ISSUER = "widefeed";
    private static final String SESSION = "sid";
    /** As the verifier's leeway: a token is still taken this long past its expiry. */
    private static final long LEEWAY_SECONDS = 5;

    private static final int VERIFIED_KEPT = 100_000;

    /** A token's claims as verified, and when it expires. */
    private record Verified(TokenClaims claims, Instant expiresAt) {}

    private final Cache<ByteBuffer, Verified> verified = Caffeine.newBuilder()
            .maximumSize(VERIFIED_KEPT)
            .expireAfterWrite(Duration.ofMinutes(1))
            .build();

    private final Algorithm algorithm;
    private final JWTVerifier verifier;
    private final Duration accessLifetime;
    private final Duration operatorLifetime;
    private final Clock clock;

    public TokenService(String secret, Duration accessLifetime, Duration operatorLifetime, Clock clock) {
        if (secret == null || secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException(
                    "the token secret must have at least " + MIN_SECRET_LENGTH + " characters");
        }
        this.algorithm = Algorithm.HMAC256(secret);
        // Verified against the same clock tokens are minted with, so tests can move time.
        this.verifier = ((JWTVerifier.BaseVerification)
                        JWT.require(algorithm).withIssuer(ISSUER).acceptLeeway(LEEWAY_SECONDS))
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
        if (token == null) {
            return Optional.empty();
        }
        ByteBuffer key = digest(token);
        Verified known = verified.getIfPresent(key);
        if (known != null) {
            return clock.instant().isAfter(known.expiresAt().plusSeconds(LEEWAY_SECONDS))
                    ? Optional.empty()
                    : Optional.of(known.claims());
        }
        Optional<DecodedJWT> jwt = decode(token);
        Optional<TokenClaims> claims = jwt.flatMap(TokenService::claimsOf);
        if (claims.isPresent() && jwt.get().getExpiresAtAsInstant() != null) {
            verified.put(key, new Verified(claims.get(), jwt.get().getExpiresAtAsInstant()));
        }
        return claims;
    }

    private Optional<DecodedJWT> decode(String token) {
        try {
            return Optional.of(verifier.verify(token));
        } catch (JWTVerificationException e) {
            return Optional.empty();
        }
    }

    private static Optional<TokenClaims> claimsOf(DecodedJWT jwt) {
        try {
            long userId = Long.parseLong(jwt.getSubject());
            Claim session = jwt.getClaim(SESSION);
            Optional<Long> sessionId = session.isMissing() || session.isNull()
                    ? Optional.empty()
                    : Optional.of(Long.parseLong(session.asString()));
            Instant issuedAt = jwt.getIssuedAtAsInstant();
            if (userId <= 0
                    || issuedAt == null
                    || sessionId.filter(id -> id <= 0).isPresent()) {
                return Optional.empty();
            }
            return Optional.of(new TokenClaims(userId, sessionId, issuedAt));
        } catch (JWTVerificationException | NumberFormatException | NullPointerException e) {
            return Optional.empty();
        }
    }

    private static ByteBuffer digest(String token) {
        try {
            return ByteBuffer.wrap(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
