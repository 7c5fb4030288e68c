package dev.widefeed.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StoreOperationsPlanTest {
    @Test
    void nodesAreTheReplicatedOperationsOverWhatANodeServesAtItsHeadroomRoundedUp() {
        // 1,000 events/s x 10 operations x 3 replicas = 30,000/s over 10,000 x 0.7 = 7,000 per node: 4.3, so 5.
        StoreOperationsPlan plan = new StoreOperationsPlan(10, 10_000, "read", 0.7, 3, 1_000);
        assertThat(plan.replicatedOperations()).isEqualTo(30_000);
        assertThat(plan.nodes()).isEqualTo(5);
        assertThat(String.join(" ", plan.lines())).contains("30,000 operations/s", "5 nodes", "read ceiling");
    }

    @Test
    void atLeastOneNodePerReplicaAndAnExactFitIsNotRoundedUp() {
        assertThat(new StoreOperationsPlan(1, 1_000_000, "insert", 0.7, 3, 10).nodes())
                .isEqualTo(3);
        assertThat(new StoreOperationsPlan(7, 1_000, "insert", 0.7, 1, 1_000).nodes())
                .isEqualTo(10);
    }

    @Test
    void refusesWhatCannotBePlannedOn() {
        assertThatThrownBy(() -> new StoreOperationsPlan(0, 1_000, "read", 0.7, 3, 10))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StoreOperationsPlan(5, 1_000, "read", 1.5, 3, 10))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
