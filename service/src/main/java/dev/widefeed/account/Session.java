package dev.widefeed.account;

import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * One signed-in session: the family of refresh tokens that rotate from one sign-in. {@code generation} counts the
 * rotations; only the refresh token of the current generation is honoured, and one of an earlier generation
 * offered again revokes the session (docs/design.md, "Accounts and sessions"). {@code nonce} is the session's
 * random part of every refresh token's MAC, so a token cannot be made from ids alone.
 */
public record Session(
        long userId,
        long sessionId,
        int generation,
        boolean revoked,
        byte[] nonce,
        Instant createdAt,
        Instant refreshedAt) {
    public static final int NONCE_BYTES = 16;

    public Session {
        if (generation < 0 || nonce.length != NONCE_BYTES) {
            throw new IllegalArgumentException(
                    "a session needs a generation >= 0 and a nonce of " + NONCE_BYTES + " bytes");
        }
        nonce = nonce.clone();
    }

    @Override
    public byte[] nonce() {
        return nonce.clone();
    }

    /** The session after one more rotation at {@code at}. */
    public Session rotated(Instant at) {
        return new Session(userId, sessionId, generation + 1, false, nonce, createdAt, at);
    }

    public Session asRevoked() {
        return new Session(userId, sessionId, generation, true, nonce, createdAt, refreshedAt);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Session s
                && userId == s.userId
                && sessionId == s.sessionId
                && generation == s.generation
                && revoked == s.revoked
                && Arrays.equals(nonce, s.nonce)
                && createdAt.equals(s.createdAt)
                && refreshedAt.equals(s.refreshedAt);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sessionId) * 31 + generation;
    }

    @Override
    public String toString() {
        return "Session[userId=" + userId + ", sessionId=" + sessionId + ", generation=" + generation + ", revoked="
                + revoked + ", nonce=" + HexFormat.of().formatHex(nonce).substring(0, 4) + "…, createdAt=" + createdAt
                + ", refreshedAt=" + refreshedAt + "]";
    }
}
