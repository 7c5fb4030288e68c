package dev.widefeed.auth;

import io.dropwizard.auth.Authenticator;

import java.util.Optional;

public final class TokenAuthenticator implements Authenticator<String, UserPrincipal> {
    private final TokenService tokens;

    public TokenAuthenticator(TokenService tokens) {
        this.tokens = tokens;
    }

    @Override
    public Optional<UserPrincipal> authenticate(String token) {
        return tokens.verify(token).map(UserPrincipal::new);
    }
}
