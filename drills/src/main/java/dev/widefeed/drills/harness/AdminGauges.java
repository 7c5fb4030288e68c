package dev.widefeed.drills.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The service's gauges as its admin port shows them ({@code GET :admin/metrics}), read by name, and a full GC
 * run through Dropwizard's own admin task ({@code POST :admin/tasks/gc}), as an operator would look for a leak.
 */
public final class AdminGauges {
    public static final String BACKLOG = "eventlog.backlog";
    public static final String LAG = "eventlog.lag-seconds";
    public static final String DIRTY_COUNTERS = "counters.dirty.pending";
    public static final String THREADS = "jvm.threads.count";
    static final String RELATION_REPAIR_LAG = "relations.repair.lag-seconds";
    /** A counter: the sum of the corrections the service's own recounts applied. */
    public static final String DRIFT_CORRECTED = "counters.drift.corrected";

    private final Api api;

    public AdminGauges(Api api) {
        this.api = api;
    }

    /** The gauge's value now; empty when the service did not answer or has no such number. */
    public OptionalDouble read(String name) {
        return number(metrics("gauges").path(name).path("value"));
    }

    /** The counter's count now ({@code counters} of {@code GET :admin/metrics}); empty when there is none. */
    public OptionalDouble count(String name) {
        return number(metrics("counters").path(name).path("count"));
    }

    private static OptionalDouble number(JsonNode value) {
        return value.isNumber() ? OptionalDouble.of(value.asDouble()) : OptionalDouble.empty();
    }

    /**
     * The old generation's used bytes right after a full GC (two in a row: what the first only handed to reference
     * queues and cleaners is gone after the second). The pool is found by name ({@code G1-Old-Gen}, {@code PS-Old-Gen},
     * {@code Tenured-Gen}), so a change of collector does not break the drill.
     */
    public long oldGenAfterFullGc() {
        if (api.task("gc?runs=2", Duration.ofMinutes(2)) == null) {
            throw new IllegalStateException("the admin gc task failed");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = metrics("gauges").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> gauge = it.next();
            String name = gauge.getKey();
            if (name.startsWith("jvm.memory.pools.")
                    && name.endsWith(".used")
                    && (name.contains("Old") || name.contains("Tenured"))) {
                return gauge.getValue().path("value").asLong();
            }
        }
        throw new IllegalStateException("no old generation pool among the service's gauges");
    }

    /**
     * Waits until the fan-out backlog reads 0 three times in a row a second apart (the gauge is refreshed by each
     * pass over a shard, every second or so); how long that took, or empty when it did not within {@code within}.
     */
    public Optional<Duration> awaitNoBacklog(Duration within) throws InterruptedException {
        return awaitZero(within, Duration.ofSeconds(1), BACKLOG);
    }

    /** Waits until every named gauge reads 0 on three reads in a row, {@code poll} apart; how long that took. */
    Optional<Duration> awaitZero(Duration within, Duration poll, String... names) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + within.toNanos();
        int zeros = 0;
        while (System.nanoTime() < deadline) {
            boolean zero = true;
            for (String name : names) {
                OptionalDouble value = read(name);
                zero &= value.isPresent() && value.getAsDouble() == 0;
            }
            zeros = zero ? zeros + 1 : 0;
            if (zeros == 3) {
                return Optional.of(Duration.ofNanos(System.nanoTime() - start));
            }
            Thread.sleep(poll.toMillis());
        }
        return Optional.empty();
    }

    /**
     * Waits until the relation repair job has checked the follow journal up to {@code instant} (its lag gauge read
     * against this machine's clock, which the service shares); how long that took, or empty when it did not within
     * {@code within}. Every follow journaled before then that a fault left unfinished has been finished.
     */
    Optional<Duration> awaitRelationRepairPast(Instant instant, Duration within, Duration poll)
            throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + within.toNanos();
        while (System.nanoTime() < deadline) {
            Instant now = Instant.now();
            OptionalDouble lag = read(RELATION_REPAIR_LAG);
            if (lag.isPresent()
                    && !now.minusMillis((long) (lag.getAsDouble() * 1000)).isBefore(instant)) {
                return Optional.of(Duration.ofNanos(System.nanoTime() - start));
            }
            Thread.sleep(poll.toMillis());
        }
        return Optional.empty();
    }

    /** One section of {@code GET :admin/metrics} ({@code gauges}, {@code counters}); missing when it did not answer. */
    private JsonNode metrics(String section) {
        Reply metrics = api.metrics();
        return metrics.status() == 200 && metrics.body() != null
                ? metrics.body().path(section)
                : MissingNode.getInstance();
    }
}
