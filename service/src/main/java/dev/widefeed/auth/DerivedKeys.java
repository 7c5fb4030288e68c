package dev.widefeed.auth;

import com.auth0.jwt.algorithms.Algorithm;

/**
 * Signing keys derived from the token secret, one per use, as the refresh tokens' MAC key is: a token made for one
 * use (an app's client id, an authorization code, an app's access token) never verifies as another, nor as a
 * session's access token.
 */
public final class DerivedKeys {
    private final String secret;

    public DerivedKeys(String secret) {
        this.secret = secret;
    }

    /** HMAC-SHA256 under the key of {@code use}. */
    public Algorithm hmac(String use) {
        return Algorithm.HMAC256(use + ":" + secret);
    }
}
