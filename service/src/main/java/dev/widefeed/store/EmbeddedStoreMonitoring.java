package dev.widefeed.store;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.HealthCheckRegistry;
import dev.widefeed.localstore.LocalStore;
import dev.widefeed.localstore.StoreStatus;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The supervision of the embedded store this service started, as an operator sees it: the
 * {@code embedded-store} health check (healthy while the store runs; unhealthy while it is being
 * started again after dying, and after the supervisor gave up) and the {@code store.embedded.*}
 * gauges: {@code restarts}, {@code state}, and {@code pid}, the process a drill kills.
 */
final class EmbeddedStoreMonitoring {
    static final String HEALTH_CHECK = "embedded-store";
    static final String METRICS = "store.embedded";

    private EmbeddedStoreMonitoring() {
    }

    static void register(LocalStore local, MetricRegistry metrics, HealthCheckRegistry healthChecks) {
        Supplier<StoreStatus> status = () -> local.status().orElseThrow();
        metrics.registerGauge(MetricRegistry.name(METRICS, "restarts"), () -> status.get().restarts());
        metrics.registerGauge(MetricRegistry.name(METRICS, "state"),
                () -> status.get().state().name().toLowerCase(Locale.ROOT));
        metrics.register(MetricRegistry.name(METRICS, "pid"), (Gauge<Long>) () -> {
            StoreStatus now = status.get();
            return now.pid().isPresent() ? now.pid().getAsLong() : null;
        });
        healthChecks.register(HEALTH_CHECK, new Check(status, local.logFile().map(Object::toString).orElse("")));
    }

    private static final class Check extends HealthCheck {
        private final Supplier<StoreStatus> status;
        private final String logFile;

        Check(Supplier<StoreStatus> status, String logFile) {
            this.status = status;
            this.logFile = logFile;
        }

        @Override
        protected Result check() {
            StoreStatus now = status.get();
            ResultBuilder result = now.running() ? Result.builder().healthy() : Result.builder().unhealthy();
            result.withMessage(now.message())
                    .withDetail("state", now.state().name().toLowerCase(Locale.ROOT))
                    .withDetail("restarts", now.restarts())
                    .withDetail("log", logFile);
            now.pid().ifPresent(pid -> result.withDetail("pid", pid));
            now.lastExit().ifPresent(exit -> result.withDetail("lastExit", exit));
            return result.build();
        }
    }
}
