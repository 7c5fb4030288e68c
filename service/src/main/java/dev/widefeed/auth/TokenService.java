package dev.widefeed.auth;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Mints and verifies bearer tokens: JWTs signed with HMAC-SHA256, naming the user as subject and
 * expiring after a configured lifetime.
 */
public final class TokenService {
    public static final int MIN_SECRET_LENGTH = 32;
    private static final String ISSUER = "widefeed";

    private final Algorithm algorithm;
    private final JWTVerifier verifier;
    private final Duration lifetime;
    private final Clock clock;

    public TokenService(String secret, Duration lifetime, Clock clock) {
        if (secret == null || secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException("the token secret must have at least " + MIN_SECRET_LENGTH + " characters");
        }
        this.algorithm = Algorithm.HMAC256(secret);
        // Verified against the same clock tokens are minted with, so tests can move time.
        this.verifier = ((JWTVerifier.BaseVerification) JWT.require(algorithm).withIssuer(ISSUER).acceptLeeway(5))
                .build(clock);
        this.lifetime = lifetime;
        this.clock = clock;
    }

    public String mint(long userId) {
        return JWT.create()
                .withIssuer(ISSUER)
                .withSubject(Long.toString(userId))
                .withIssuedAt(clock.instant())
                .withExpiresAt(clock.instant().plus(lifetime))
                .sign(algorithm);
    }

    /** The user a valid, unexpired token names. */
    public Optional<Long> verify(String token) {
        try {
            String subject = verifier.verify(token).getSubject();
            long userId = Long.parseLong(subject);
            return userId > 0 ? Optional.of(userId) : Optional.empty();
        } catch (JWTVerificationException | NumberFormatException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
