package dev.widefeed.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import dev.widefeed.account.TokenClaims;
import dev.widefeed.testing.MovableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Tokens that must not name anyone: each verifies to no user. */
class TokenServiceTest {
    private static final String SECRET = "token-service-test-secret-0123456789";
    private static final Instant NOW = Instant.parse("2026-11-22T06:00:00Z");
    private final TokenService tokens =
            new TokenService(SECRET, Duration.ofHours(1), Duration.ofHours(1), Clock.fixed(NOW, ZoneOffset.UTC));

    private static String signed(String subject) {
        return JWT.create()
                .withIssuer("widefeed")
                .withSubject(subject)
                .withIssuedAt(NOW)
                .withExpiresAt(NOW.plus(Duration.ofHours(1)))
                .sign(Algorithm.HMAC256(SECRET));
    }

    @Test
    void aSignedTokenForAPositiveNumberNamesThatUser() {
        assertThat(tokens.verify(signed("42"))).map(TokenClaims::userId).contains(42L);
    }

    @Test
    void subjectsThatAreNotPositiveIdsNameNoOne() {
        for (String subject : new String[] {"abc", "0", "-1", "", " 1", "1.5", "99999999999999999999", "0x10"}) {
            assertThat(tokens.verify(signed(subject)))
                    .as("subject '%s'", subject)
                    .isEmpty();
        }
        String noSubject = JWT.create()
                .withIssuer("widefeed")
                .withExpiresAt(NOW.plus(Duration.ofHours(1)))
                .sign(Algorithm.HMAC256(SECRET));
        assertThat(tokens.verify(noSubject)).isEmpty();
    }

    @Test
    void forgedExpiredAndUnsignedTokensNameNoOne() {
        TokenService elsewhere = new TokenService(
                "another-secret-another-secret-0123456789",
                Duration.ofHours(1),
                Duration.ofHours(1),
                Clock.fixed(NOW, ZoneOffset.UTC));
        assertThat(tokens.verify(elsewhere.mint(42))).isEmpty();
        TokenService yesterday = new TokenService(
                SECRET,
                Duration.ofHours(1),
                Duration.ofHours(1),
                Clock.fixed(NOW.minus(Duration.ofDays(1)), ZoneOffset.UTC));
        assertThat(tokens.verify(yesterday.mint(42))).isEmpty();
        String unsigned = JWT.create()
                .withIssuer("widefeed")
                .withSubject("42")
                .withExpiresAt(NOW.plus(Duration.ofHours(1)))
                .sign(Algorithm.none());
        assertThat(tokens.verify(unsigned)).isEmpty();
        String otherIssuer = JWT.create()
                .withIssuer("elsewhere")
                .withSubject("42")
                .withExpiresAt(NOW.plus(Duration.ofHours(1)))
                .sign(Algorithm.HMAC256(SECRET));
        assertThat(tokens.verify(otherIssuer)).isEmpty();
        for (String garbage : new String[] {"", "a.b.c", "not-a-token", tokens.mint(42) + "x", "..."}) {
            assertThat(tokens.verify(garbage)).as("'%s'", garbage).isEmpty();
        }
    }

    @Test
    void aTokenVerifiedBeforeIsTakenFromMemoryOnlyUntilItExpires() {
        MovableClock clock = new MovableClock();
        TokenService service = new TokenService(SECRET, Duration.ofMinutes(1), Duration.ofHours(1), clock);
        String token = service.mintAccess(42, 7);
        assertThat(service.verify(token)).map(TokenClaims::userId).contains(42L);
        assertThat(service.verify(token))
                .as("again, from memory")
                .map(TokenClaims::sessionId)
                .contains(java.util.Optional.of(7L));

        clock.moveBy(Duration.ofMinutes(2));
        assertThat(service.verify(token))
                .as("expired, though verified a moment before")
                .isEmpty();
    }

    @Test
    void aTokenAlteredAfterItsOriginalWasVerifiedIsRefused() {
        String token = signed("42");
        assertThat(tokens.verify(token)).isPresent();
        char last = token.charAt(token.length() - 1);
        String altered = token.substring(0, token.length() - 1) + (last == 'A' ? 'B' : 'A');
        assertThat(tokens.verify(altered)).isEmpty();
        String otherSubject = token.substring(0, token.indexOf('.') + 1)
                + JWT.decode(signed("43")).getPayload()
                + token.substring(token.lastIndexOf('.'));
        assertThat(tokens.verify(otherSubject))
                .as("another payload under the first token's signature")
                .isEmpty();
        assertThat(tokens.verify(token)).map(TokenClaims::userId).contains(42L);
    }
}
