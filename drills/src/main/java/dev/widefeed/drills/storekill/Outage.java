package dev.widefeed.drills.storekill;

import com.fasterxml.jackson.databind.JsonNode;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.restclient.Reply;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Watches a killed store come back: polls the service's health check and a read four times a second
 * until a new store process is running, its health check says so, and the read succeeds again.
 */
final class Outage {
    private final long storeReadyNanos;
    private final long servingNanos;
    private final int redChecks;

    private Outage(long storeReadyNanos, long servingNanos, int redChecks) {
        this.storeReadyNanos = storeReadyNanos;
        this.servingNanos = servingNanos;
        this.redChecks = redChecks;
    }

    static Outage watch(ServiceRun service, long deadPid, String token, String post, Duration within)
            throws InterruptedException {
        Api api = service.api();
        long deadline = System.nanoTime() + within.toNanos();
        long storeReady = 0;
        int red = 0;
        while (System.nanoTime() < deadline) {
            Reply health = api.health();
            if (health.status() != 200) {
                red++;
            }
            Optional<ProcessHandle> store = service.store();
            if (storeReady == 0 && store.isPresent() && store.get().pid() != deadPid && storeRunning(health.body())) {
                storeReady = System.nanoTime();
            }
            if (storeReady != 0 && api.getPost(token, post).status() == 200) {
                return new Outage(storeReady, System.nanoTime(), red);
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the service did not serve again within " + within.toSeconds() + " s of the "
                + "store's kill; see " + service.log());
    }

    /** Whether the health check reports the embedded store running (its supervisor's check). */
    private static boolean storeRunning(JsonNode health) {
        if (health == null) {
            return false;
        }
        for (Iterator<Map.Entry<String, JsonNode>> checks = health.fields(); checks.hasNext(); ) {
            Map.Entry<String, JsonNode> check = checks.next();
            if (check.getKey().contains("embedded")) {
                return check.getValue().path("healthy").asBoolean(false);
            }
        }
        return false;
    }

    int redChecks() {
        return redChecks;
    }

    long storeReadyAfter(long killedNanos) {
        return Math.round((storeReadyNanos - killedNanos) / 1e9);
    }

    double servingAfterReady() {
        return Math.round((servingNanos - storeReadyNanos) / 1e8) / 10.0;
    }
}
