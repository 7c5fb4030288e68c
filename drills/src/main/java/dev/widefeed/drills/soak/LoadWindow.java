package dev.widefeed.drills.soak;

import dev.widefeed.drills.harness.Timeline;

/**
 * What the load saw in a window of whole seconds of a {@link Timeline}, against the rate it offered: how many
 * answers came back (the achieved rate), how many of them failed on the service's side (5xx, or none within the
 * client's timeout: 4xx is the client's doing and counted apart), and the p99 latency.
 */
record LoadWindow(double offered, int from, int to, long answers, long failed, long clientErrors, double p99Ms) {
    static LoadWindow of(Timeline timeline, double offered, int from, int to) {
        long failed = timeline.count(Timeline.Kind.SERVER_ERROR, from, to)
                + timeline.count(Timeline.Kind.UNAVAILABLE, from, to)
                + timeline.count(Timeline.Kind.UNAVAILABLE_NO_RETRY_AFTER, from, to)
                + timeline.count(Timeline.Kind.NO_ANSWER, from, to);
        return new LoadWindow(
                offered,
                from,
                to,
                timeline.total(from, to),
                failed,
                timeline.count(Timeline.Kind.CLIENT_ERROR, from, to),
                timeline.percentileMillis(99, from, to));
    }

    int seconds() {
        return Math.max(1, to - from);
    }

    double achieved() {
        return (double) answers / seconds();
    }

    /** Failed answers over all requests made, in percent. */
    double failedPercent() {
        return 100.0 * failed / Math.max(1, answers);
    }

    @Override
    public String toString() {
        return String.format(
                "offered %,.0f/s, achieved %,.1f/s, failed %.2f %%, p99 %,.1f ms (%d s)",
                offered, achieved(), failedPercent(), p99Ms, seconds());
    }
}
