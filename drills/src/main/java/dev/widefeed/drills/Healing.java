package dev.widefeed.drills;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;

/**
 * Waits for the service's own repair of what a fault left behind: counters and like copies marked for a recount
 * ({@code counters.dirty.pending}) and the event log's pending entries ({@code eventlog.backlog}), both at zero on
 * three reads in a row. Nothing is asked of the service; this is how long its background work took to settle.
 */
final class Healing {
    private static final Duration POLL = Duration.ofSeconds(2);
    private static final int QUIET_READS = 3;

    private Healing() {
    }

    /** Seconds until the service's repair work was done, or -1 when it was not done {@code within}. */
    static long await(Api api, Duration within) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + within.toNanos();
        int quiet = 0;
        while (System.nanoTime() < deadline) {
            quiet = settled(api) ? quiet + 1 : 0;
            if (quiet == QUIET_READS) {
                return Duration.ofNanos(System.nanoTime() - start).toSeconds();
            }
            Thread.sleep(POLL.toMillis());
        }
        return -1;
    }

    private static boolean settled(Api api) {
        JsonNode metrics = api.metrics().body();
        JsonNode gauges = metrics == null ? null : metrics.path("gauges");
        return gauges != null && zero(gauges, "counters.dirty.pending") && zero(gauges, "eventlog.backlog");
    }

    private static boolean zero(JsonNode gauges, String name) {
        JsonNode value = gauges.path(name).path("value");
        return value.canConvertToLong() && value.asLong() == 0;
    }
}
