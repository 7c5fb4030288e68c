package dev.widefeed.resources;

import dev.widefeed.account.AccountService;
import dev.widefeed.api.SessionView;
import dev.widefeed.auth.TokenService;

/** A session as its tokens: the access token is minted here, from the session the account service made. */
final class Sessions {
    private Sessions() {}

    static SessionView view(AccountService.SignedIn signedIn, TokenService tokens) {
        return new SessionView(
                Long.toString(signedIn.userId()),
                tokens.mintAccess(signedIn.userId(), signedIn.session().sessionId()),
                tokens.accessExpiry(),
                signedIn.refreshToken());
    }
}
