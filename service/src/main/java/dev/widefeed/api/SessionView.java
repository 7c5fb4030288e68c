package dev.widefeed.api;

import java.time.Instant;

/**
 * A session's tokens: {@code token}, the bearer access token, until {@code expiresAt}; {@code refreshToken}, kept by
 * the client and traded once for the next pair at {@code POST /v1/sessions/refresh}.
 */
public record SessionView(String userId, String token, Instant expiresAt, String refreshToken) {}
