package dev.widefeed.notification;

import java.time.Instant;

/**
 * A place in a recipient's notifications, which run newest window first, then by kind code and target id,
 * both highest first. The next page starts strictly after it.
 */
public record NotificationCursor(Instant window, int kindCode, long targetId) {}
