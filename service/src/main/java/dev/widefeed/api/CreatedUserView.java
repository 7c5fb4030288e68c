package dev.widefeed.api;

import java.time.Instant;

/** Sign-up's answer: the user and their first session's tokens (as {@link SessionView}). */
public record CreatedUserView(UserView user, String token, Instant expiresAt, String refreshToken) {}
