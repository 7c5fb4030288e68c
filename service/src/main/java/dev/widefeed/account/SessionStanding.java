package dev.widefeed.account;

import java.util.Optional;

/** A session, if it still exists, and its user's credentials: all a token's check needs, read at once. */
public record SessionStanding(Credentials credentials, Optional<Session> session) {}
