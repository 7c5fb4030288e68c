package dev.widefeed.account;

import java.time.Instant;
import java.util.Optional;

/**
 * What a verified access token says: its user, the session it was issued for (none for tokens minted before
 * sessions, or by the operator's token command) and when it was issued, to the second.
 */
public record TokenClaims(long userId, Optional<Long> sessionId, Instant issuedAt) {}
