package dev.widefeed.notification;

import java.time.Instant;

/**
 * One notification group: what happened ({@code kind}) to what ({@code targetId}) of {@code recipientId}'s, within
 * the window starting at {@code window}. Everything that happens to one target in one window is one row, however
 * many users did it (docs/design.md, "Notifications").
 */
public record GroupKey(long recipientId, Instant window, NotificationKind kind, long targetId) {
    public GroupKey {
        if (recipientId <= 0 || targetId <= 0 || window == null || kind == null) {
            throw new IllegalArgumentException("bad notification group");
        }
    }

    /** Where the group stands in its recipient's list, newest window first. */
    public NotificationCursor position() {
        return new NotificationCursor(window, kind.code(), targetId);
    }
}
