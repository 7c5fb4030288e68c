package dev.widefeed.comment;

import dev.widefeed.kernel.DomainException;
import dev.widefeed.resources.Cursors;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Where a page of replies ended: the last floor it covered. The next page starts above it, so
 * replies placed meanwhile (always at higher floors) are neither skipped nor repeated. Opaque and
 * versioned for clients, like {@link Cursors}.
 */
public record FloorCursor(long floor) {
    private static final String PREFIX = "r1:";

    public String encode() {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((PREFIX + floor).getBytes(StandardCharsets.US_ASCII));
    }

    public static FloorCursor decode(String encoded) {
        try {
            if (encoded == null || encoded.isEmpty() || encoded.length() > 64) {
                throw new IllegalArgumentException();
            }
            String raw = new String(Base64.getUrlDecoder().decode(encoded), StandardCharsets.US_ASCII);
            if (!raw.startsWith(PREFIX)) {
                throw new IllegalArgumentException();
            }
            long floor = Long.parseLong(raw.substring(PREFIX.length()));
            if (floor < 1) {
                throw new IllegalArgumentException();
            }
            return new FloorCursor(floor);
        } catch (IllegalArgumentException e) { // NumberFormatException included
            throw DomainException.malformed("cursor is not one this service handed out");
        }
    }
}
