package dev.widefeed.perf.results;

/**
 * A viral post's notifications: likes from distinct users at the store's pace against the counter ceiling, how long
 * after the last like the author's group showed them all, the author's notification page against their home page
 * while the likes came in, and how many rows the author's notifications took.
 */
public record NotificationsResult(
        String backend,
        long likes,
        double likesPerSecond,
        double counterCeiling,
        double overCeiling,
        double lastLikeToCountedSeconds,
        long groupRows,
        long exactCount,
        LatencySummary notificationPage,
        LatencySummary homePage) {}
