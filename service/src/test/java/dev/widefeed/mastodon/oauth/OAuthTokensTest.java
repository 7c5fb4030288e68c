package dev.widefeed.mastodon.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.auth.DerivedKeys;
import dev.widefeed.auth.TokenService;
import dev.widefeed.testing.MovableClock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OAuthTokensTest {
    private static final String SECRET = "a secret of at least thirty-two characters";

    private final MovableClock clock = new MovableClock();
    private final OAuthTokens tokens = new OAuthTokens(new DerivedKeys(SECRET), clock);
    private final OAuthTokens otherServer = new OAuthTokens(new DerivedKeys(SECRET + " but another"), clock);

    private final OAuthTokens.App app = new OAuthTokens.App(
            "An app",
            List.of("urn:ietf:wg:oauth:2.0:oob", "https://app.test/back"),
            Scopes.parse("read write").orElseThrow(),
            Optional.of("https://app.test"));

    @Test
    void aClientIdIsTheAppsRegistrationSignedAndItsSecretAMacOfIt() {
        String clientId = tokens.clientId(app);
        assertThat(tokens.app(clientId)).contains(app);
        assertThat(otherServer.app(clientId)).isEmpty();
        assertThat(tokens.app(clientId.substring(0, clientId.length() - 2) + "xx"))
                .isEmpty();
        String secret = tokens.clientSecret(clientId);
        assertThat(tokens.secretMatches(clientId, secret)).isTrue();
        assertThat(tokens.secretMatches(clientId, secret + "x")).isFalse();
        assertThat(tokens.secretMatches(clientId, null)).isFalse();
    }

    @Test
    void aCodeSaysWhatItWasIssuedForAndExpiresInTenMinutes() {
        OAuthTokens.Code code =
                new OAuthTokens.Code(1, 2, "client", "https://app.test/back", Scopes.DEFAULT, Optional.of("challenge"));
        String text = tokens.code(code);
        assertThat(tokens.code(text)).contains(code);
        assertThat(tokens.grant(text)).as("a code is no access token").isEmpty();
        assertThat(tokens.app(text)).isEmpty();
        clock.moveBy(Duration.ofMinutes(11));
        assertThat(tokens.code(text)).isEmpty();
    }

    @Test
    void anAccessTokenIsNeitherACodeNorANativeToken() {
        OAuthTokens.Grant grant = new OAuthTokens.Grant(
                1, 2, "client", Scopes.DEFAULT, clock.instant().truncatedTo(ChronoUnit.SECONDS));
        String token = tokens.access(grant, clock.instant().plus(Duration.ofDays(365)));
        assertThat(tokens.grant(token)).contains(grant);
        assertThat(tokens.code(token)).isEmpty();
        assertThat(otherServer.grant(token)).isEmpty();
        TokenService sessions = new TokenService(SECRET, Duration.ofMinutes(15), Duration.ofDays(30), clock);
        assertThat(sessions.verify(token)).isEmpty();
        String nativeToken = sessions.mintAccess(1, 2);
        assertThat(tokens.grant(nativeToken)).isEmpty();
    }

    @Test
    void pkceS256IsTheVerifiersDigest() {
        // As `printf %s VERIFIER | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d =` makes it.
        // The sign-in's check of a code verifier (OAuthResource.s256) is this digest.
        assertThat(Sha256.base64Url("dBjftJeZ4CVP-mB92K27uhbUJU1p1r7wW1gFWFOEjXk"))
                .isEqualTo("bwWFMyPfdG9qreDhH2lmftFx_dFeLDalzcT1gb_j68g");
    }
}
