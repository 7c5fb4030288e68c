package dev.widefeed.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET <admin>/metrics/prometheus} on the shared test application of every {@link TestBackend}, after a few
 * requests: it answers the Prometheus text format, every line of it valid, with the families the dashboards of
 * docs/operations.md query and no variable part left in a name.
 */
@BackendContract
class PrometheusEndpointContract {
    /** Families whose names would still carry a node, a store, a resource, a status code, a collector or a pool. */
    private static final Pattern UNMAPPED = Pattern.compile("cassandra_nodes_.*|store_.*|dev_widefeed_resources_.*"
            + "|org_glassfish_jersey_.*|dev_widefeed_http_RateLimitFilter_.*|.*_[1-5][0-9][0-9]_responses_total"
            + "|jvm_gc_.*|jvm_memory_pools_.*|org_eclipse_jetty_.*|ch_qos_logback_.*|.*_(running|terminated)_total");

    private static final Set<String> MAPPED = Set.of(
            "store_operation_seconds",
            "store_errors_total",
            "jvm_gc_collections",
            "jvm_gc_time_milliseconds",
            "executor_threads_running_total",
            "executor_threads_terminated_total");

    /** How /metrics writes a gauge's double that is not a number. */
    private static final Set<String> NOT_FINITE = Set.of("NaN", "Infinity", "-Infinity");

    private final TestBackend backend;
    private PrometheusText scrape;

    PrometheusEndpointContract(TestBackend backend) {
        this.backend = backend;
    }

    private ApiClient api() {
        return backend.api();
    }

    @BeforeEach
    void someRequestsThenAScrape() {
        scrape = PrometheusScrapes.afterSomeRequests(api());
    }

    @Test
    void storeOperationsAreOneFamilyWithBackendStoreAndMethodAsLabels() {
        PrometheusText.Family store = scrape.family("store_operation_seconds").orElseThrow();
        assertThat(store.type()).isEqualTo("summary");
        assertThat(store.samples(
                        "store_operation_seconds_count",
                        Map.of("backend", backend.id(), "store", "postStore", "method", "create")))
                .singleElement()
                .satisfies(s -> assertThat(s.value()).isPositive());
        assertThat(store.samples(
                        "store_operation_seconds",
                        Map.of("backend", backend.id(), "store", "userStore", "method", "create", "quantile", "0.99")))
                .hasSize(1);
        assertThat(scrape.family("store_errors_total")
                        .orElseThrow()
                        .samples("store_errors_total", Map.of("backend", backend.id(), "store", "postStore")))
                .extracting(s -> s.labels().get("kind"))
                .containsExactlyInAnyOrder("temporary", "unknown-outcome", "permanent");
    }

    @Test
    void requestsByResourceAndResponsesByStatusCode() {
        assertThat(scrape.family("http_server_resource_seconds")
                        .orElseThrow()
                        .samples(
                                "http_server_resource_seconds_count",
                                Map.of("resource", "PostResource", "method", "create")))
                .singleElement()
                .satisfies(s -> assertThat(s.value()).isPositive());
        assertThat(scrape.family("http_server_resource_seconds")
                        .orElseThrow()
                        .samples(
                                "http_server_resource_seconds_count",
                                Map.of("resource", "UserResource", "method", "create")))
                .singleElement()
                .satisfies(s -> assertThat(s.value()).isGreaterThanOrEqualTo(2));
        assertThat(scrape.family("http_server_resource_method_seconds")).isPresent();
        assertThat(scrape.family("http_server_resource_filtering_seconds")).isPresent();
        assertThat(scrape.family("http_server_requests_seconds").orElseThrow().type())
                .isEqualTo("summary");
        PrometheusText.Family responses =
                scrape.family("http_server_responses_total").orElseThrow();
        assertThat(responses.samples("http_server_responses_total", Map.of("code", "201")))
                .singleElement()
                .satisfies(s -> assertThat(s.value()).isGreaterThanOrEqualTo(3));
        assertThat(responses.samples("http_server_responses_total", Map.of("code", "404")))
                .hasSize(1);
        assertThat(scrape.names()).contains("io_dropwizard_jetty_MutableServletContextHandler_5xx_responses_total");
    }

    @Test
    void theServicesOwnFamilies() {
        assertThat(scrape.family("rate_limit_refused_total").orElseThrow().samples())
                .extracting(s -> s.labels().get("budget"))
                .containsExactlyInAnyOrder("reads", "writes", "signUps");
        assertThat(scrape.family("eventlog_backlog").orElseThrow().type()).isEqualTo("gauge");
        assertThat(scrape.family("eventlog_lag_seconds").orElseThrow().type()).isEqualTo("gauge");
        assertThat(scrape.family("fanout_rows_written_total").orElseThrow().type())
                .isEqualTo("counter");
        assertThat(scrape.family("fanout_followers_paged_total")).isPresent();
        assertThat(scrape.family("fanout_delivery_time").orElseThrow().type()).isEqualTo("summary");
        assertThat(scrape.family("reconcile_drift_found_total").orElseThrow().type())
                .isEqualTo("counter");
        assertThat(scrape.names())
                .contains(
                        "relations_repair_operations_finished_total",
                        "relations_repair_count_drift_fixed_total",
                        "audiences_cache_marks_hitRate");
        assertThat(scrape.family("relations_repair_lag_seconds").orElseThrow().type())
                .isEqualTo("gauge");
    }

    @Test
    void theJvmAndTheServer() {
        assertThat(scrape.names())
                .contains("jvm_memory_heap_used", "jvm_memory_heap_max", "jvm_threads_count", "jvm_memory_pool_used");
        assertThat(scrape.family("jvm_gc_collections").orElseThrow().samples())
                .allSatisfy(s -> assertThat(s.labels()).containsKey("gc"))
                .isNotEmpty();
        assertThat(scrape.family("jvm_gc_time_milliseconds").orElseThrow().samples())
                .isNotEmpty();
        assertThat(scrape.family("jetty_threads_utilization").orElseThrow().samples())
                .extracting(s -> s.labels().get("pool"))
                .contains("dw", "dw-admin");
        assertThat(scrape.family("executor_threads_running_total").orElseThrow().samples())
                .extracting(s -> s.labels().get("executor"))
                .contains("batch-follow", "page-read");
        assertThat(scrape.family("logback_events_total").orElseThrow().samples())
                .extracting(s -> s.labels().get("level"))
                .contains("error", "warn", "info");
        assertThat(scrape.names()).contains("http_server_connections_seconds", "executor_threads_started_total");
    }

    @Test
    void noNameCarriesAVariablePartAndNoMetricIsLeftOut() throws Exception {
        assertThat(scrape.names())
                .filteredOn(n -> UNMAPPED.matcher(n).matches() && !MAPPED.contains(n))
                .isEmpty();

        // Every metric /metrics shows with a number has its data point, none lost to a name that came out twice.
        // (Nothing registers a metric between the two reads: the admin port's requests are not metered.)
        JsonNode metrics = new ObjectMapper().readTree(api().admin("/metrics").get(String.class));
        long numeric = 0;
        for (String kind : new String[] {"counters", "histograms", "meters", "timers"}) {
            numeric += metrics.get(kind).size();
        }
        for (JsonNode gauge : metrics.get("gauges")) {
            JsonNode value = gauge.path("value");
            numeric += value.isNumber() || value.isBoolean() || NOT_FINITE.contains(value.asText()) ? 1 : 0;
        }
        PrometheusText after = PrometheusScrapes.scrape(api());
        long points = after.names().stream()
                .map(n -> after.family(n).orElseThrow())
                .mapToLong(f -> f.type().equals("summary")
                        ? f.samples(f.name + "_count", Map.of()).size()
                        : f.samples().size())
                .sum();
        assertThat(points).isEqualTo(numeric);
    }
}
