package dev.widefeed.store;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.HealthCheckRegistry;
import dev.widefeed.localstore.LocalStore;
import dev.widefeed.localstore.StoreStatus;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The supervision of the embedded store this service started, as an operator sees it: the
 * {@code embedded-store} health check (healthy while every process of the store runs; unhealthy
 * while one is being started again after dying, and after the supervisor gave up) and the
 * {@code store.embedded.*} gauges: {@code restarts}, {@code state}, and {@code pid}, the process a
 * drill kills (none when the store has several). Each process (each node of a local cluster) has
 * its own {@code store.embedded.<name>.*} gauges and its line in the check's {@code members}.
 */
final class EmbeddedStoreMonitoring {
    static final String HEALTH_CHECK = "embedded-store";
    static final String METRICS = "store.embedded";

    private EmbeddedStoreMonitoring() {}

    static void register(LocalStore local, MetricRegistry metrics, HealthCheckRegistry healthChecks) {
        gauges(METRICS, () -> local.status().orElseThrow(), metrics);
        for (String member : local.memberStatus().keySet()) {
            gauges(
                    MetricRegistry.name(METRICS, member),
                    () -> local.memberStatus().get(member),
                    metrics);
        }
        healthChecks.register(HEALTH_CHECK, new Check(local));
    }

    private static void gauges(String prefix, Supplier<StoreStatus> status, MetricRegistry metrics) {
        metrics.registerGauge(
                MetricRegistry.name(prefix, "restarts"), () -> status.get().restarts());
        metrics.registerGauge(
                MetricRegistry.name(prefix, "state"),
                () -> status.get().state().name().toLowerCase(Locale.ROOT));
        metrics.register(MetricRegistry.name(prefix, "pid"), (Gauge<Long>) () -> {
            StoreStatus now = status.get();
            return now.pid().isPresent() ? now.pid().getAsLong() : null;
        });
    }

    private static final class Check extends HealthCheck {
        private final LocalStore local;

        Check(LocalStore local) {
            this.local = local;
        }

        @Override
        protected Result check() {
            StoreStatus now = local.status().orElseThrow();
            ResultBuilder result = now.running()
                    ? Result.builder().healthy()
                    : Result.builder().unhealthy();
            result.withMessage(now.message())
                    .withDetail("state", now.state().name().toLowerCase(Locale.ROOT))
                    .withDetail("restarts", now.restarts())
                    .withDetail("log", local.logFile().map(Object::toString).orElse(""));
            now.pid().ifPresent(pid -> result.withDetail("pid", pid));
            now.lastExit().ifPresent(exit -> result.withDetail("lastExit", exit));
            Map<String, Path> logs = local.memberLogs();
            Map<String, Object> members = new LinkedHashMap<>();
            local.memberStatus().forEach((name, status) -> members.put(name, member(status, logs.get(name))));
            result.withDetail("members", members);
            return result.build();
        }

        private static Map<String, Object> member(StoreStatus status, Path log) {
            Map<String, Object> member = new LinkedHashMap<>();
            member.put("state", status.state().name().toLowerCase(Locale.ROOT));
            status.pid().ifPresent(pid -> member.put("pid", pid));
            member.put("restarts", status.restarts());
            status.lastExit().ifPresent(exit -> member.put("lastExit", exit));
            member.put("log", String.valueOf(log));
            return member;
        }
    }
}
