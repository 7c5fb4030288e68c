package dev.widefeed.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The naming rules on a registry holding one of each kind of name the service has (the real registry is read by
 * the endpoint tests): variable parts become labels, several metrics of one family come out as one, and every name
 * is spelled alike whatever escaping the scraper asks for. No store.
 */
class PrometheusExportsTest {
    private final MetricRegistry registry = new MetricRegistry();

    PrometheusExportsTest() {
        registry.timer("store.cassandra.postStore.create").update(Duration.ofMillis(3));
        registry.timer("store.cassandra.userStore.get").update(Duration.ofMillis(1));
        registry.meter("store.cassandra.postStore.errors.temporary").mark(2);
        registry.meter("store.cassandra.postStore.errors.unknown-outcome");
        registry.timer("dev.widefeed.resources.PostResource.create.total").update(Duration.ofMillis(5));
        registry.timer("dev.widefeed.resources.LikeResource$ByUser.list.total").update(Duration.ofMillis(5));
        registry.timer("dev.widefeed.resources.PostResource.create");
        registry.timer("dev.widefeed.resources.PostResource.create.request.filtering");
        registry.meter("io.dropwizard.jetty.MutableServletContextHandler.503-responses")
                .mark();
        registry.meter("io.dropwizard.jetty.MutableServletContextHandler.201-responses")
                .mark(4);
        registry.meter("io.dropwizard.jetty.MutableServletContextHandler.5xx-responses")
                .mark();
        registry.meter("dev.widefeed.http.RateLimitFilter.reads.refused").mark(7);
        registry.meter("dev.widefeed.http.RateLimitFilter.signUps.refused");
        registry.register("cassandra.nodes.127_0_0_1:9042.pool.in-flight", (Gauge<Integer>) () -> 3);
        registry.register("cassandra.nodes.127_0_0_2:9042.pool.in-flight", (Gauge<Integer>) () -> 1);
        registry.counter("cassandra.nodes.127_0_0_1:9042.retries.total").inc();
        registry.meter("cassandra.nodes.127_0_0_1:9042.bytes-sent").mark(100);
        registry.counter("cassandra.cql-client-timeouts");
        registry.register("jvm.gc.G1-Young-Generation.count", (Gauge<Long>) () -> 12L);
        registry.register("jvm.gc.G1-Old-Generation.count", (Gauge<Long>) () -> 0L);
        registry.register("jvm.memory.pools.G1-Eden-Space.used", (Gauge<Long>) () -> 1024L);
        registry.register("jvm.memory.heap.used", (Gauge<Long>) () -> 4096L);
        registry.register("eventlog.lag-seconds", (Gauge<Long>) () -> 0L);
        registry.register("jvm.threads.deadlocks", (Gauge<String>) () -> "none"); // not a number: left out
        registry.register("broken", (Gauge<Long>) () -> {
            throw new IllegalStateException("cannot read");
        });
        registry.register("reconcile.drift-found", new Counter());
        registry.timer("org.glassfish.jersey.process.Inflector.apply");
        registry.timer("org.glassfish.jersey.process.Inflector.apply.total"); // "_total" would make it the same name
        registry.meter("batch-follow.created").mark(16); // "_created" likewise
        registry.counter("batch-follow.running").inc(16);
        registry.meter("ch.qos.logback.core.Appender.info").mark(); // "_info" likewise
        registry.meter("ch.qos.logback.core.Appender.error");
    }

    @ParameterizedTest
    @EnumSource(
            value = EscapingScheme.class,
            names = {"UNDERSCORE_ESCAPING", "ALLOW_UTF8"})
    void variablePartsAreLabelsAndNamesAreClassicWhateverTheScraperAsks(EscapingScheme scheme) throws IOException {
        PrometheusText text = PrometheusText.parse(scrape(scheme));

        assertThat(text.family("store_operation_seconds")
                        .orElseThrow()
                        .samples(
                                "store_operation_seconds_count",
                                Map.of("backend", "cassandra", "store", "postStore", "method", "create")))
                .singleElement()
                .extracting(PrometheusText.Sample::value)
                .isEqualTo(1.0);
        assertThat(text.family("store_operation_seconds").orElseThrow().type()).isEqualTo("summary");
        assertThat(text.family("store_errors_total")
                        .orElseThrow()
                        .samples("store_errors_total", Map.of("store", "postStore", "kind", "temporary")))
                .singleElement()
                .extracting(PrometheusText.Sample::value)
                .isEqualTo(2.0);
        assertThat(text.family("http_server_resource_seconds")
                        .orElseThrow()
                        .samples(
                                "http_server_resource_seconds_count",
                                Map.of("resource", "LikeResource$ByUser", "method", "list")))
                .hasSize(1);
        assertThat(text.family("http_server_resource_method_seconds")).isPresent();
        assertThat(text.family("http_server_resource_filtering_seconds")
                        .orElseThrow()
                        .samples("http_server_resource_filtering_seconds_count", Map.of("phase", "request")))
                .hasSize(1);
        assertThat(text.family("http_server_responses_total").orElseThrow().samples())
                .extracting(s -> s.labels().get("code"))
                .containsExactlyInAnyOrder("503", "201");
        assertThat(text.family("rate_limit_refused_total")
                        .orElseThrow()
                        .samples("rate_limit_refused_total", Map.of("budget", "reads")))
                .singleElement()
                .extracting(PrometheusText.Sample::value)
                .isEqualTo(7.0);
        assertThat(text.family("cassandra_node_pool_in_flight").orElseThrow().samples())
                .extracting(s -> s.labels().get("node"))
                .containsExactlyInAnyOrder("127_0_0_1:9042", "127_0_0_2:9042");
        assertThat(text.family("cassandra_node_retries_total")).isPresent();
        assertThat(text.family("cassandra_node_bytes_sent_total")).isPresent();
        assertThat(text.family("cassandra_cql_client_timeouts_total")).isPresent();
        assertThat(text.family("jvm_gc_collections").orElseThrow().samples()).hasSize(2);
        assertThat(text.family("jvm_memory_pool_used").orElseThrow().samples())
                .singleElement()
                .extracting(s -> s.labels().get("pool"))
                .isEqualTo("G1-Eden-Space");
        assertThat(text.names())
                .contains(
                        "jvm_memory_heap_used",
                        "eventlog_lag_seconds",
                        "reconcile_drift_found_total",
                        "io_dropwizard_jetty_MutableServletContextHandler_5xx_responses_total");
        assertThat(text.names()).noneMatch(n -> n.contains("deadlocks") || n.equals("broken"));
        assertThat(text.family("http_server_resource_seconds")
                        .orElseThrow()
                        .samples(
                                "http_server_resource_seconds_count",
                                Map.of("resource", "Inflector", "method", "apply")))
                .hasSize(1);
        assertThat(text.family("executor_threads_started_total").orElseThrow().samples())
                .singleElement()
                .satisfies(s -> assertThat(s.labels()).containsEntry("executor", "batch-follow"));
        assertThat(text.family("executor_threads_running_total")).isPresent();
        assertThat(text.family("logback_events_total").orElseThrow().samples())
                .extracting(s -> s.labels().get("level"))
                .containsExactlyInAnyOrder("info", "error");
    }

    @Test
    void everyMetricWithANumberHasItsDataPoint() throws IOException {
        PrometheusText text = PrometheusText.parse(scrape(EscapingScheme.UNDERSCORE_ESCAPING));
        long points = text.names().stream()
                .map(n -> text.family(n).orElseThrow())
                .mapToLong(f -> f.type().equals("summary")
                        ? f.samples(f.name + "_count", Map.of()).size()
                        : f.samples().size())
                .sum();
        assertThat(points).isEqualTo(registry.getMetrics().size() - 2); // not the deadlocks nor the broken gauge
    }

    @Test
    void aMergedFamilySaysWhatItHolds() throws IOException {
        assertThat(scrape(EscapingScheme.UNDERSCORE_ESCAPING))
                .contains("# HELP store_operation_seconds Store operations, by backend, store interface and method");
    }

    private String scrape(EscapingScheme scheme) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create()
                .write(out, new PrometheusExports(registry, new PrometheusNames()).collect(), scheme);
        return out.toString(StandardCharsets.UTF_8);
    }
}
