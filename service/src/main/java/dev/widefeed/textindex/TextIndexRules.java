package dev.widefeed.textindex;

import java.time.Duration;
import java.time.Instant;

/**
 * The time buckets of the text indexes (docs/design.md, "Mentions and topics"): a topic's posts and a user's mentions
 * are kept in one partition per hour, so a topic that takes every write for minutes, or a user named by everyone,
 * fills hours, never one partition without end; topic counters are kept per ten-minute slot and per hour.
 */
public final class TextIndexRules {
    public static final Duration SLOT = Duration.ofMinutes(10);
    public static final Duration HOUR = Duration.ofHours(1);
    /** How many topics the trending job keeps per window. */
    public static final int TOP = 50;

    private TextIndexRules() {}

    public static Instant bucketOf(Instant at, Duration size) {
        long seconds = size.toSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(at.getEpochSecond(), seconds) * seconds);
    }

    /** The hour a list entry written at {@code at} goes into. */
    public static Instant listBucket(Instant at) {
        return bucketOf(at, HOUR);
    }
}
