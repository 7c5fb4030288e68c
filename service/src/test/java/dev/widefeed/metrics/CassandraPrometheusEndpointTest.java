package dev.widefeed.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.TestApps;
import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What Cassandra's driver adds to the Prometheus endpoint, beyond what {@link PrometheusEndpointContract} asks. */
@Tag(Tiers.STORE)
class CassandraPrometheusEndpointTest {
    @Test
    void theDriversMetricsWithTheNodeAsALabel() {
        PrometheusText scrape = PrometheusScrapes.afterSomeRequests(TestApps.cassandra());
        String node = TestStores.cassandra().host().replace('.', '_') + ":"
                + TestStores.cassandra().port();
        for (String family : new String[] {"cassandra_node_pool_in_flight", "cassandra_node_pool_open_connections"}) {
            assertThat(scrape.family(family).orElseThrow().samples())
                    .extracting(s -> s.labels().get("node"))
                    .contains(node);
        }
        assertThat(scrape.family("cassandra_cql_requests").orElseThrow().type()).isEqualTo("summary");
        assertThat(scrape.names())
                .contains(
                        "cassandra_cql_client_timeouts_total",
                        "cassandra_throttling_errors_total",
                        "cassandra_node_errors_request_write_timeouts_total",
                        "cassandra_node_errors_request_read_timeouts_total");
    }
}
