package dev.widefeed.auth;

import java.util.Optional;

/** The acting user, as named by a verified token and nothing else, and the session the token belongs to. */
public record UserPrincipal(long id, Optional<Long> sessionId) implements ActingUser {
    /** A user acting with a token of no session (an operator's, or one minted before sessions). */
    public UserPrincipal(long id) {
        this(id, Optional.empty());
    }
}
