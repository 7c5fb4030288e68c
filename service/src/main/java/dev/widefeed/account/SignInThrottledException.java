package dev.widefeed.account;

import java.time.Duration;

/** Too many failed sign-ins for a handle or from an address lately: 429, with when to try again. */
public final class SignInThrottledException extends RuntimeException {
    private final Duration retryAfter;

    public SignInThrottledException(Duration retryAfter) {
        super("too many failed sign-ins; try again later", null, false, false);
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
