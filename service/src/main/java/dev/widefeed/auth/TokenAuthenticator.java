package dev.widefeed.auth;

import dev.widefeed.account.TokenClaims;
import io.dropwizard.auth.Authenticator;
import java.util.Optional;
import java.util.function.Predicate;

/** A valid token whose session still stands (not signed out, not revoked) names the acting user. */
public final class TokenAuthenticator implements Authenticator<String, UserPrincipal> {
    private final TokenService tokens;
    private final Predicate<TokenClaims> stands;

    /** @param stands whether a verified token's session still stands ({@code AccountService::honours}) */
    public TokenAuthenticator(TokenService tokens, Predicate<TokenClaims> stands) {
        this.tokens = tokens;
        this.stands = stands;
    }

    @Override
    public Optional<UserPrincipal> authenticate(String token) {
        return tokens.verify(token)
                .filter(stands)
                .map(claims -> new UserPrincipal(claims.userId(), claims.sessionId()));
    }
}
