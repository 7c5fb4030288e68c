package dev.widefeed.mastodon.oauth;

import java.security.Principal;

/** The acting user of a Mastodon app's request: who, through which session and client, with which scopes. */
public record AppUser(long id, long sessionId, String clientId, Scopes scopes) implements Principal {
    @Override
    public String getName() {
        return Long.toString(id);
    }
}
