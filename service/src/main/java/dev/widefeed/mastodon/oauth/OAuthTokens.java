package dev.widefeed.mastodon.oauth;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.widefeed.auth.DerivedKeys;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The OAuth 2 tokens of the Mastodon face (docs/mastodon.md, "Sign-in"), each a JWT under a key of its own: an app's
 * client id (the app's registration itself, so registering writes nothing), an authorization code (a session made
 * by the sign-in page, for one client, redirect and set of scopes, for ten minutes) and an access token (that
 * session, its client and scopes). Whether a code was redeemed before and whether a token's session still stands
 * are the account service's to say; this class only makes and checks what it signed.
 */
public final class OAuthTokens {
    private static final String ISSUER = "widefeed";
    private static final Duration CODE_LIFETIME = Duration.ofMinutes(10);
    private static final int VERIFIED_KEPT = 100_000;

    /** An app as it registered: its client id says all of this, signed. */
    public record App(String name, List<String> redirectUris, Scopes scopes, Optional<String> website) {
        public App {
            redirectUris = List.copyOf(redirectUris);
        }
    }

    /** What an authorization code says: whose session, for which client, redirect, scopes and PKCE challenge. */
    public record Code(
            long userId,
            long sessionId,
            String clientId,
            String redirectUri,
            Scopes scopes,
            Optional<String> challenge) {}

    /** What an app's access token says. */
    public record Grant(long userId, long sessionId, String clientId, Scopes scopes, Instant issuedAt) {}

    private final Algorithm apps;
    private final Algorithm codes;
    private final Algorithm grants;
    private final JWTVerifier appVerifier;
    private final JWTVerifier codeVerifier;
    private final JWTVerifier grantVerifier;
    private final Clock clock;
    /** A token verified lately, and when it expires. */
    private record Verified(Grant grant, Instant expiresAt) {}

    /** Tokens verified lately, by a digest of the token: a client sends the same one with every request. */
    private final Cache<ByteBuffer, Verified> verified = Caffeine.newBuilder()
            .maximumSize(VERIFIED_KEPT)
            .expireAfterWrite(Duration.ofMinutes(1))
            .build();

    public OAuthTokens(DerivedKeys keys, Clock clock) {
        this.apps = keys.hmac("oauth-app");
        this.codes = keys.hmac("oauth-code");
        this.grants = keys.hmac("oauth-access");
        this.appVerifier = verifier(apps, clock);
        this.codeVerifier = verifier(codes, clock);
        this.grantVerifier = verifier(grants, clock);
        this.clock = clock;
    }

    private static JWTVerifier verifier(Algorithm algorithm, Clock clock) {
        // Verified against the clock tokens are minted with, so tests can move time.
        return ((JWTVerifier.BaseVerification) JWT.require(algorithm).withIssuer(ISSUER)).build(clock);
    }

    /** The client id of a registered app. */
    public String clientId(App app) {
        return JWT.create()
                .withIssuer(ISSUER)
                .withClaim("n", app.name())
                .withClaim("r", app.redirectUris())
                .withClaim("scope", app.scopes().toString())
                .withClaim("w", app.website().orElse(null))
                .withIssuedAt(clock.instant())
                .sign(apps);
    }

    /** The app a client id names, if this service registered it. */
    public Optional<App> app(String clientId) {
        return decode(appVerifier, clientId).flatMap(jwt -> {
            List<String> redirects = jwt.getClaim("r").asList(String.class);
            Optional<Scopes> scopes = Scopes.parse(jwt.getClaim("scope").asString());
            String name = jwt.getClaim("n").asString();
            if (redirects == null || scopes.isEmpty() || name == null) {
                return Optional.empty();
            }
            return Optional.of(new App(
                    name,
                    redirects,
                    scopes.get(),
                    Optional.ofNullable(jwt.getClaim("w").asString())));
        });
    }

    /** The secret of a client id: a MAC of it, so the service keeps none. */
    public String clientSecret(String clientId) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(apps.sign(("secret:" + clientId).getBytes(StandardCharsets.UTF_8)));
    }

    /** Whether {@code secret} is the client's, compared in constant time. */
    public boolean secretMatches(String clientId, String secret) {
        return secret != null
                && MessageDigest.isEqual(
                        clientSecret(clientId).getBytes(StandardCharsets.UTF_8),
                        secret.getBytes(StandardCharsets.UTF_8));
    }

    /** An authorization code, good for {@link #CODE_LIFETIME}. */
    public String code(Code code) {
        Instant now = clock.instant();
        return JWT.create()
                .withIssuer(ISSUER)
                .withSubject(Long.toString(code.userId()))
                .withClaim("sid", Long.toString(code.sessionId()))
                .withClaim("azp", code.clientId())
                .withClaim("ru", code.redirectUri())
                .withClaim("scope", code.scopes().toString())
                .withClaim("cc", code.challenge().orElse(null))
                .withIssuedAt(now)
                .withExpiresAt(now.plus(CODE_LIFETIME))
                .sign(codes);
    }

    /** What an unexpired code this service made says. */
    public Optional<Code> code(String text) {
        return decode(codeVerifier, text).flatMap(jwt -> {
            Optional<Scopes> scopes = Scopes.parse(jwt.getClaim("scope").asString());
            try {
                return scopes.map(s -> new Code(
                        Long.parseLong(jwt.getSubject()),
                        Long.parseLong(jwt.getClaim("sid").asString()),
                        jwt.getClaim("azp").asString(),
                        jwt.getClaim("ru").asString(),
                        s,
                        Optional.ofNullable(jwt.getClaim("cc").asString())));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    /** An app's access token, good until {@code expiresAt} unless its session ends first. */
    public String access(Grant grant, Instant expiresAt) {
        return JWT.create()
                .withIssuer(ISSUER)
                .withSubject(Long.toString(grant.userId()))
                .withClaim("sid", Long.toString(grant.sessionId()))
                .withClaim("azp", grant.clientId())
                .withClaim("scope", grant.scopes().toString())
                .withIssuedAt(grant.issuedAt())
                .withExpiresAt(expiresAt)
                .sign(grants);
    }

    /** What an unexpired access token this service made says; whether its session stands is asked apart. */
    public Optional<Grant> grant(String token) {
        if (token == null) {
            return Optional.empty();
        }
        ByteBuffer key = digest(token);
        Verified known = verified.getIfPresent(key);
        if (known != null) {
            return clock.instant().isBefore(known.expiresAt()) ? Optional.of(known.grant()) : Optional.empty();
        }
        Optional<DecodedJWT> jwt = decode(grantVerifier, token);
        Optional<Grant> grant = jwt.flatMap(OAuthTokens::grantOf);
        if (grant.isPresent() && jwt.get().getExpiresAtAsInstant() != null) {
            verified.put(key, new Verified(grant.get(), jwt.get().getExpiresAtAsInstant()));
        }
        return grant;
    }

    private static Optional<Grant> grantOf(DecodedJWT jwt) {
        Optional<Scopes> scopes = Scopes.parse(jwt.getClaim("scope").asString());
        try {
            return scopes.map(s -> new Grant(
                    Long.parseLong(jwt.getSubject()),
                    Long.parseLong(jwt.getClaim("sid").asString()),
                    jwt.getClaim("azp").asString(),
                    s,
                    jwt.getIssuedAtAsInstant()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<DecodedJWT> decode(JWTVerifier verifier, String token) {
        if (token == null || token.length() > 8_192) {
            return Optional.empty();
        }
        try {
            return Optional.of(verifier.verify(token));
        } catch (JWTVerificationException e) {
            return Optional.empty();
        }
    }

    private static ByteBuffer digest(String token) {
        return ByteBuffer.wrap(Sha256.of(token));
    }
}
