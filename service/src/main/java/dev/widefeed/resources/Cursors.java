package dev.widefeed.resources;

import dev.widefeed.comment.FloorCursor;
import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.LikeCursor;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * Turns list positions into opaque strings for clients and back. The string is versioned so the
 * format can change; anything that does not decode to a well-formed position is a client error.
 */
public final class Cursors {
    private static final String FOLLOW_PREFIX = "f1:";
    private static final String LIKE_PREFIX = "l1:";
    private static final String POST_PREFIX = "p1:";
    private static final String FLOOR_PREFIX = "r1:";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private Cursors() {
    }

    public static String encode(FollowCursor cursor) {
        return encode(FOLLOW_PREFIX, cursor.since(), cursor.userId());
    }

    public static FollowCursor decodeFollow(String encoded) {
        long[] position = decode(FOLLOW_PREFIX, encoded);
        return new FollowCursor(Instant.ofEpochMilli(position[0]), position[1]);
    }

    public static String encode(LikeCursor cursor) {
        return encode(LIKE_PREFIX, cursor.likedAt(), cursor.id());
    }

    public static LikeCursor decodeLike(String encoded) {
        long[] position = decode(LIKE_PREFIX, encoded);
        return new LikeCursor(Instant.ofEpochMilli(position[0]), position[1]);
    }

    /** A position in a list of posts, newest first: the last post id seen. */
    public static String encodePost(long postId) {
        return encode(POST_PREFIX, IdGenerator.timeOf(postId), postId);
    }

    public static long decodePost(String encoded) {
        return decode(POST_PREFIX, encoded)[1];
    }

    /** A position in a thread of replies: the last floor a page covered. */
    public static String encode(FloorCursor cursor) {
        return ENCODER.encodeToString((FLOOR_PREFIX + cursor.floor()).getBytes(StandardCharsets.US_ASCII));
    }

    public static FloorCursor decodeFloor(String encoded) {
        String raw = decodeRaw(encoded);
        if (!raw.startsWith(FLOOR_PREFIX)) {
            throw bad();
        }
        try {
            long floor = Long.parseLong(raw.substring(FLOOR_PREFIX.length()));
            if (floor < 1) {
                throw bad();
            }
            return new FloorCursor(floor);
        } catch (NumberFormatException e) {
            throw bad();
        }
    }

    private static String encode(String prefix, Instant at, long id) {
        String raw = prefix + at.toEpochMilli() + ":" + id;
        return ENCODER.encodeToString(raw.getBytes(StandardCharsets.US_ASCII));
    }

    /** The (epoch millis, id) a cursor of this kind holds. */
    private static long[] decode(String prefix, String encoded) {
        String raw = decodeRaw(encoded);
        if (!raw.startsWith(prefix)) {
            throw bad();
        }
        String[] parts = raw.substring(prefix.length()).split(":", -1);
        if (parts.length != 2) {
            throw bad();
        }
        try {
            long millis = Long.parseLong(parts[0]);
            long id = Long.parseLong(parts[1]);
            if (millis < 0 || id <= 0) {
                throw bad();
            }
            return new long[]{millis, id};
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

    private static MalformedRequestException bad() {
        return new MalformedRequestException("cursor is not one this service handed out");
    }
}
