package dev.widefeed.core;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * Turns list positions into opaque strings for clients and back. The string is versioned so the
 * format can change; anything that does not decode to a well-formed position is a client error.
 */
public final class Cursors {
    private static final String FOLLOW_PREFIX = "f1:";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private Cursors() {
    }

    public static String encode(FollowCursor cursor) {
        String raw = FOLLOW_PREFIX + cursor.since().toEpochMilli() + ":" + cursor.userId();
        return ENCODER.encodeToString(raw.getBytes(StandardCharsets.US_ASCII));
    }

    public static FollowCursor decodeFollow(String encoded) {
        String raw = decodeRaw(encoded);
        if (!raw.startsWith(FOLLOW_PREFIX)) {
            throw bad();
        }
        String[] parts = raw.substring(FOLLOW_PREFIX.length()).split(":", -1);
        if (parts.length != 2) {
            throw bad();
        }
        try {
            long millis = Long.parseLong(parts[0]);
            long userId = Long.parseLong(parts[1]);
            if (millis < 0 || userId <= 0) {
                throw bad();
            }
            return new FollowCursor(Instant.ofEpochMilli(millis), userId);
        } catch (NumberFormatException e) {
            throw bad();
        }
    }

    private static String decodeRaw(String encoded) {
        if (encoded == null || encoded.isEmpty() || encoded.length() > 200) {
            throw bad();
        }
        try {
            return new String(DECODER.decode(encoded), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException e) {
            throw bad();
        }
    }

    private static DomainException bad() {
        return DomainException.malformed("cursor is not one this service handed out");
    }
}
