package dev.widefeed.notification;

import java.time.Duration;
import java.time.Instant;

/**
 * The time rules of notifications (docs/design.md, "Notifications"): what happens to one target within one window
 * is one group; groups are kept for the retention; an entry recorded before its change is checked once the change
 * must have landed.
 */
public record NotificationRules(Duration window, Duration retention, Duration guardDelay) {
    public static final NotificationRules DEFAULT =
            new NotificationRules(Duration.ofHours(1), Duration.ofDays(30), Duration.ofMinutes(2));

    public NotificationRules {
        if (window.isNegative() || window.isZero() || Duration.ofDays(1).toSeconds() % window.toSeconds() != 0) {
            throw new IllegalArgumentException("a notification window divides a day, was " + window);
        }
        if (retention.compareTo(window) < 0 || guardDelay.isNegative()) {
            throw new IllegalArgumentException("bad notification rules");
        }
    }

    /** The start of the window {@code at} falls in. */
    public Instant windowOf(Instant at) {
        long size = window.toSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(at.getEpochSecond(), size) * size);
    }

    /** The oldest window still kept at {@code now}. */
    public Instant oldestWindow(Instant now) {
        return windowOf(now.minus(retention));
    }

    /** A place before every group there can be at {@code now}: the first page starts after it. */
    public NotificationCursor top(Instant now) {
        return new NotificationCursor(windowOf(now).plus(window), 0, 0);
    }
}
