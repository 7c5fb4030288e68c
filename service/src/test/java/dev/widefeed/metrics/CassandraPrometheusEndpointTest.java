package dev.widefeed.metrics;

import dev.widefeed.testing.ApiClient;
import dev.widefeed.testing.TestApps;
import dev.widefeed.testing.TestStores;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CassandraPrometheusEndpointTest extends PrometheusEndpointContract {
    @Override
    protected ApiClient api() {
        return TestApps.cassandra();
    }

    @Override
    protected String backend() {
        return "cassandra";
    }

    @Test
    void theDriversMetricsWithTheNodeAsALabel() {
        String node = TestStores.cassandra().host().replace('.', '_') + ":" + TestStores.cassandra().port();
        for (String family : new String[]{"cassandra_node_pool_in_flight", "cassandra_node_pool_open_connections"}) {
            assertThat(scrape.family(family).orElseThrow().samples())
                    .extracting(s -> s.labels().get("node")).contains(node);
        }
        assertThat(scrape.family("cassandra_cql_requests").orElseThrow().type()).isEqualTo("summary");
        assertThat(scrape.names()).contains("cassandra_cql_client_timeouts_total", "cassandra_throttling_errors_total",
                "cassandra_node_errors_request_write_timeouts_total", "cassandra_node_errors_request_read_timeouts_total");
    }
}
