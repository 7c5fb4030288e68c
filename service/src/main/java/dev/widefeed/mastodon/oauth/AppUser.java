package dev.widefeed.mastodon.oauth;

import dev.widefeed.auth.ActingUser;

/** The acting user of a Mastodon app's request: who, through which session and client, with which scopes. */
public record AppUser(long id, long sessionId, String clientId, Scopes scopes) implements ActingUser {}
