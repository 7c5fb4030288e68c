package dev.widefeed.account;

import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A refresh token as the client holds it: {@code v1.} and the URL-safe Base64 of user id, session id, generation
 * and an HMAC-SHA256 of those with the session's nonce, under the service's secret. The store keeps no token, only
 * the session's nonce and generation, so a token is checked by making its MAC again; a token of an earlier
 * generation is recognised as genuine, which is what lets its reuse revoke the session.
 */
public record RefreshToken(long userId, long sessionId, int generation, byte[] mac) {
    private static final String PREFIX = "v1.";
    private static final int MAC_BYTES = 32;
    private static final int BYTES = Long.BYTES * 2 + Integer.BYTES + MAC_BYTES;

    public RefreshToken {
        mac = mac.clone();
    }

    /** Makes and checks MACs under one secret. */
    public static final class Signer {
        private final SecretKeySpec key;

        public Signer(String secret) {
            this.key = new SecretKeySpec(
                    ("refresh-token:" + secret).getBytes(java.nio.charset.StandardCharsets.UTF_8), "HmacSHA256");
        }

        public RefreshToken issue(Session session) {
            return new RefreshToken(
                    session.userId(),
                    session.sessionId(),
                    session.generation(),
                    mac(session.userId(), session.sessionId(), session.generation(), session.nonce()));
        }

        /** Whether {@code token} was issued for {@code session} (any generation of it), compared in constant time. */
        public boolean issuedFor(RefreshToken token, Session session) {
            return token.userId == session.userId()
                    && token.sessionId == session.sessionId()
                    && MessageDigest.isEqual(
                            token.mac, mac(token.userId, token.sessionId, token.generation, session.nonce()));
        }

        private byte[] mac(long userId, long sessionId, int generation, byte[] nonce) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(key);
                mac.update(ByteBuffer.allocate(Long.BYTES * 2 + Integer.BYTES)
                        .putLong(userId)
                        .putLong(sessionId)
                        .putInt(generation)
                        .array());
                return mac.doFinal(nonce);
            } catch (NoSuchAlgorithmException | InvalidKeyException e) {
                throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
            }
        }
    }

    /** The token in a form a client can hold: text, no padding, safe in JSON and URLs. */
    public String encode() {
        byte[] bytes = ByteBuffer.allocate(BYTES)
                .putLong(userId)
                .putLong(sessionId)
                .putInt(generation)
                .put(mac)
                .array();
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The token a text encodes, or empty when it is not one (then it is simply not a valid token). */
    public static Optional<RefreshToken> decode(String text) {
        if (text == null || !text.startsWith(PREFIX) || text.length() > 100) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(text.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (bytes.length != BYTES) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long userId = buffer.getLong();
        long sessionId = buffer.getLong();
        int generation = buffer.getInt();
        byte[] mac = new byte[MAC_BYTES];
        buffer.get(mac);
        return userId > 0 && sessionId > 0 && generation >= 0
                ? Optional.of(new RefreshToken(userId, sessionId, generation, mac))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return "RefreshToken[userId=" + userId + ", sessionId=" + sessionId + ", generation=" + generation + "]";
    }
}
