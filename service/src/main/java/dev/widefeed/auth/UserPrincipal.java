package dev.widefeed.auth;

import java.security.Principal;

/** The acting user, as named by a verified token and nothing else. */
public record UserPrincipal(long id) implements Principal {
    @Override
    public String getName() {
        return Long.toString(id);
    }
}
