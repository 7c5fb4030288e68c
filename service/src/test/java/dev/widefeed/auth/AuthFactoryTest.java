package dev.widefeed.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.widefeed.account.TokenClaims;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthFactoryTest {
    @Test
    void anExternalStoreNeedsASecret() {
        AuthFactory factory = new AuthFactory();
        assertThatThrownBy(() -> factory.tokens(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("WIDEFEED_TOKEN_SECRET");
        factory.tokenSecret = "short";
        assertThatThrownBy(() -> factory.tokens(null)).hasMessageContaining("too short");
    }

    @Test
    void theEmbeddedSetupKeepsAGeneratedSecretAcrossRestarts(@TempDir Path dataDir) {
        AuthFactory factory = new AuthFactory();
        String token = factory.tokens(dataDir).mint(42);
        assertThat(dataDir.resolve("token-secret")).exists();
        assertThat(factory.tokens(dataDir).verify(token))
                .map(TokenClaims::userId)
                .contains(42L);
    }

    @Test
    void tokensNameTheirUserAndExpire() {
        String secret = "0123456789abcdef0123456789abcdef";
        Instant now = Instant.parse("2026-11-22T06:00:00Z");
        TokenService issuer =
                new TokenService(secret, Duration.ofHours(1), Duration.ofHours(1), Clock.fixed(now, ZoneOffset.UTC));
        String token = issuer.mint(7);
        assertThat(issuer.verify(token)).map(TokenClaims::userId).contains(7L);
        TokenService twoHoursLater = new TokenService(
                secret,
                Duration.ofHours(1),
                Duration.ofHours(1),
                Clock.fixed(now.plus(Duration.ofHours(2)), ZoneOffset.UTC));
        assertThat(twoHoursLater.verify(token)).isEmpty();
        assertThat(twoHoursLater.verify(twoHoursLater.mint(7)))
                .map(TokenClaims::userId)
                .contains(7L);
        assertThat(new TokenService(
                                "another-secret-another-secret-0123",
                                Duration.ofHours(1),
                                Duration.ofHours(1),
                                Clock.fixed(now, ZoneOffset.UTC))
                        .verify(token))
                .isEmpty();
        assertThat(issuer.verify("a.b.c")).isEmpty();
    }
}
