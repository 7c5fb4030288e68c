package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class StoreStatusTest {

    private static final StoreStatus RUNNING = new StoreStatus(
            StoreStatus.State.RUNNING, OptionalLong.of(11), 0, Optional.empty(), "Cassandra 5.0.9 running, pid 11");
    private static final StoreStatus RESTARTING = new StoreStatus(
            StoreStatus.State.RESTARTING,
            OptionalLong.of(12),
            1,
            Optional.of("exit code 137 (signal 9) after 3 min"),
            "Cassandra 5.0.9 died");

    @Test
    void aSingleProcessIsTheStoresStatusAsItIs() {
        assertThat(StoreStatus.combine(Map.of("node1", RUNNING))).isSameAs(RUNNING);
    }

    @Test
    void aClusterWithOneNodeRestartingIsRestartingAndSaysWhichNode() {
        Map<String, StoreStatus> nodes = new LinkedHashMap<>();
        nodes.put("node1", RUNNING);
        nodes.put("node2", RESTARTING);
        nodes.put("node3", RUNNING);

        StoreStatus cluster = StoreStatus.combine(nodes);

        assertThat(cluster.state()).isEqualTo(StoreStatus.State.RESTARTING);
        assertThat(cluster.running()).isFalse();
        assertThat(cluster.pid()).isEmpty();
        assertThat(cluster.restarts()).isEqualTo(1);
        assertThat(cluster.lastExit()).contains("node2: exit code 137 (signal 9) after 3 min");
        assertThat(cluster.message())
                .startsWith("node1: Cassandra 5.0.9 running")
                .contains("; node2: Cassandra");
    }

    @Test
    void aClusterWhoseNodesAllRunRuns() {
        assertThat(StoreStatus.combine(Map.of("node1", RUNNING, "node2", RUNNING))
                        .running())
                .isTrue();
    }
}
