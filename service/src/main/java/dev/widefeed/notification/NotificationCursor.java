package dev.widefeed.notification;

import java.time.Instant;

/**
 * A place in a recipient's notifications, which run newest window first, then by kind code and target id,
 * both highest first. The next page starts strictly after it.
 */
public record NotificationCursor(Instant window, int kindCode, long targetId) {
    /** Whether {@code key} comes strictly after this place in the list's order. */
    public boolean before(GroupKey key) {
        int byWindow = key.window().compareTo(window);
        if (byWindow != 0) {
            return byWindow < 0;
        }
        if (key.kind().code() != kindCode) {
            return key.kind().code() < kindCode;
        }
        return key.targetId() < targetId;
    }
}
