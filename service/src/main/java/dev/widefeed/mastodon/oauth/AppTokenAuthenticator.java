package dev.widefeed.mastodon.oauth;

import dev.widefeed.account.TokenClaims;
import io.dropwizard.auth.Authenticator;
import java.util.Optional;
import java.util.function.Predicate;

/** A Mastodon app's valid access token whose session still stands names the acting user. */
public final class AppTokenAuthenticator implements Authenticator<String, AppUser> {
    private final OAuthTokens tokens;
    private final Predicate<TokenClaims> stands;

    /** @param stands whether a token's session still stands ({@code AccountService::honours}) */
    public AppTokenAuthenticator(OAuthTokens tokens, Predicate<TokenClaims> stands) {
        this.tokens = tokens;
        this.stands = stands;
    }

    @Override
    public Optional<AppUser> authenticate(String token) {
        return tokens.grant(token)
                .filter(grant ->
                        stands.test(new TokenClaims(grant.userId(), Optional.of(grant.sessionId()), grant.issuedAt())))
                .map(grant -> new AppUser(grant.userId(), grant.sessionId(), grant.clientId(), grant.scopes()));
    }
}
