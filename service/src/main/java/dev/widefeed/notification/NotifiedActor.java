package dev.widefeed.notification;

import java.time.Instant;

/** A user who did what a group tells of, and when. */
public record NotifiedActor(long userId, Instant at) {
    /** As stored, the same in both stores: {@code user@epoch ms}. */
    public String encode() {
        return userId + "@" + at.toEpochMilli();
    }

    public static NotifiedActor decode(String encoded) {
        int at = encoded.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("not a notified actor: " + encoded);
        }
        return new NotifiedActor(
                Long.parseLong(encoded.substring(0, at)),
                Instant.ofEpochMilli(Long.parseLong(encoded.substring(at + 1))));
    }
}
