package dev.widefeed.drills.soak;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.restclient.Reply;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The service's own timers (resources and store operations) and its GC time, as its admin port shows them at one
 * moment, so a soak whose latency moved can say where: which timers' p99 moved between two windows, at what rate,
 * and how much of each window the service spent collecting garbage. Dropwizard's timers keep a reservoir biased to
 * their last five minutes, so a snapshot taken at a window's end describes that window.
 */
record ServiceTimers(long takenNanos, Map<String, Timer> timers, double gcMillis) {
    /** One timer: its count, its p99 and its five-minute rate. */
    record Timer(long count, double p99Ms, double perSecond) {}

    static ServiceTimers take(Api api) {
        Map<String, Timer> timers = new HashMap<>();
        double gc = 0;
        Reply metrics = api.metrics();
        if (metrics.status() == 200 && metrics.body() != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            metrics.body().path("timers").fields();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> timer = it.next();
                String name = timer.getKey();
                if (name.startsWith("store.") || name.startsWith("dev.widefeed.resources.")) {
                    JsonNode value = timer.getValue();
                    double toMs = "seconds".equals(value.path("duration_units").asText()) ? 1_000 : 1;
                    timers.put(
                            name,
                            new Timer(
                                    value.path("count").asLong(),
                                    value.path("p99").asDouble() * toMs,
                                    value.path("m5_rate").asDouble()));
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            metrics.body().path("gauges").fields();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> gauge = it.next();
                if (gauge.getKey().startsWith("jvm.gc.") && gauge.getKey().endsWith(".time")) {
                    gc += gauge.getValue().path("value").asDouble();
                }
            }
        }
        return new ServiceTimers(System.nanoTime(), timers, gc);
    }

    /** Share of the time between {@code since} and this snapshot the service spent in GC, in percent. */
    double gcPercentSince(ServiceTimers since) {
        double elapsedMs = (takenNanos - since.takenNanos) / 1e6;
        return elapsedMs <= 0 ? 0 : 100 * (gcMillis - since.gcMillis) / elapsedMs;
    }

    /**
     * Prints the {@code top} timers whose p99 grew the most from {@code first} to {@code last} (among those that ran
     * at least once a second), and the GC share of each window.
     */
    static void printMoved(
            PrintStream out,
            String label,
            ServiceTimers firstStart,
            ServiceTimers first,
            ServiceTimers lastStart,
            ServiceTimers last,
            int top) {
        out.printf(
                "%s: service GC time, first window %.1f %%, last window %.1f %%%n",
                label, first.gcPercentSince(firstStart), last.gcPercentSince(lastStart));
        last.timers.entrySet().stream()
                .filter(e ->
                        first.timers.containsKey(e.getKey()) && e.getValue().perSecond() >= 1)
                .sorted(Comparator.comparingDouble(
                                (Map.Entry<String, Timer> e) -> e.getValue().p99Ms()
                                        - first.timers.get(e.getKey()).p99Ms())
                        .reversed())
                .limit(top)
                .forEach(e -> {
                    Timer before = first.timers.get(e.getKey());
                    Timer after = e.getValue();
                    out.printf(
                            "%s: %s: p99 %.1f -> %.1f ms, %.1f -> %.1f /s%n",
                            label, e.getKey(), before.p99Ms(), after.p99Ms(), before.perSecond(), after.perSecond());
                });
    }
}
