package dev.widefeed.resources;

import dev.widefeed.comment.FloorCursor;
import dev.widefeed.comment.store.HotCursor;
import dev.widefeed.errors.MalformedRequestException;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.notification.NotificationCursor;
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
    private static final String NOTIFICATION_PREFIX = "n1:";
    private static final String HOT_PREFIX = "h1:";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private Cursors() {}

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
        return encodeRaw(FLOOR_PREFIX + cursor.floor());
    }

    public static FloorCursor decodeFloor(String encoded) {
        long floor = numbers(FLOOR_PREFIX, encoded, 1)[0];
        if (floor < 1) {
            throw bad();
        }
        return new FloorCursor(floor);
    }

    /** A position in a post's hot comments: the score and floor of the last entry a page examined. */
    public static String encode(HotCursor cursor) {
        return encodeRaw(HOT_PREFIX + cursor.score() + ":" + cursor.floor());
    }

    public static HotCursor decodeHot(String encoded) {
        long[] n = numbers(HOT_PREFIX, encoded, 2);
        if (n[0] < 1 || n[1] < 1) {
            throw bad();
        }
        return new HotCursor(n[0], n[1]);
    }

    public static String encode(NotificationCursor cursor) {
        return encodeRaw(NOTIFICATION_PREFIX + cursor.window().getEpochSecond() + ":" + cursor.kindCode() + ":"
                + cursor.targetId());
    }

    public static NotificationCursor decodeNotification(String encoded) {
        long[] n = numbers(NOTIFICATION_PREFIX, encoded, 3);
        if (n[0] < 0 || n[0] > 253_402_300_799L || n[1] < 0 || n[1] > 255 || n[2] < 0) { // up to the year 9999
            throw bad();
        }
        return new NotificationCursor(Instant.ofEpochSecond(n[0]), (int) n[1], n[2]);
    }

    private static String encode(String prefix, Instant at, long id) {
        return encodeRaw(prefix + at.toEpochMilli() + ":" + id);
    }

    private static String encodeRaw(String raw) {
        return ENCODER.encodeToString(raw.getBytes(StandardCharsets.US_ASCII));
    }

    /** The (epoch millis, id) a cursor of this kind holds. */
    private static long[] decode(String prefix, String encoded) {
        long[] position = numbers(prefix, encoded, 2);
        if (position[0] < 0 || position[1] <= 0) {
            throw bad();
        }
        return position;
    }

    /** The {@code count} ':'-separated numbers after {@code prefix}, or 400. */
    private static long[] numbers(String prefix, String encoded, int count) {
        String raw = decodeRaw(encoded);
        if (!raw.startsWith(prefix)) {
            throw bad();
        }
        String[] parts = raw.substring(prefix.length()).split(":", -1);
        if (parts.length != count) {
            throw bad();
        }
        long[] numbers = new long[count];
        try {
            for (int i = 0; i < count; i++) {
                numbers[i] = Long.parseLong(parts[i]);
            }
        } catch (NumberFormatException e) {
            throw bad();
        }
        return numbers;
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
