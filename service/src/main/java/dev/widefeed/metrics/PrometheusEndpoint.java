package dev.widefeed.metrics;

import io.dropwizard.core.setup.Environment;
import io.prometheus.metrics.exporter.servlet.jakarta.PrometheusMetricsServlet;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * {@code GET <admin>/metrics/prometheus}: the application's Dropwizard registry (everything {@code /metrics} shows)
 * for a Prometheus scraper, in the text format 0.0.4, or OpenMetrics when the scraper asks for it. Its own
 * registry, not the library's global default, so that nothing else in the process adds to the scrape.
 */
public final class PrometheusEndpoint {
    public static final String PATH = "/metrics/prometheus";

    private PrometheusEndpoint() {}

    public static void register(Environment environment) {
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new PrometheusExports(environment.metrics(), new PrometheusNames()));
        environment
                .admin()
                .addServlet("prometheus", new PrometheusMetricsServlet(registry))
                .addMapping(PATH);
    }
}
