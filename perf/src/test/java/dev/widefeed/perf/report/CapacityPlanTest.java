package dev.widefeed.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CapacityPlanTest {

    @Test
    void nodesAreTheReplicatedRateOverTheKneeWithHeadroomRoundedUp() {
        CapacityPlan plan = new CapacityPlan(1000, 0.7, 3, 5000, 100_000L, null);

        assertThat(plan.perNodeSustainable()).isCloseTo(700, within(1e-9));
        assertThat(plan.replicatedRate()).isEqualTo(15_000);
        assertThat(plan.nodes()).isEqualTo(22); // 15,000 / 700 = 21.4
    }

    @Test
    void anExactQuotientIsNotRoundedUpByFloatingPointNoise() {
        // 7 × 3 / (3 × 0.7) is 10.000000000000002 in doubles
        assertThat(new CapacityPlan(3, 0.7, 3, 7, null, null).nodes()).isEqualTo(10);
    }

    @Test
    void neverFewerNodesThanReplicas() {
        assertThat(new CapacityPlan(10_000, 0.7, 3, 10, null, null).nodes()).isEqualTo(3);
        assertThat(new CapacityPlan(10_000, 0.7, 1, 10, null, null).nodes()).isEqualTo(1);
    }

    @Test
    void replicatingOnlyWritesGivesTheLowerEnd() {
        CapacityPlan plan = new CapacityPlan(1000, 0.7, 3, 5000, null, 0.1);

        // 5,000 × (0.1 × 3 + 0.9) = 6,000 node events/s over 700: 8.6
        assertThat(plan.nodesIfOnlyWritesReplicated()).hasValue(9);
        assertThat(plan.nodes()).isEqualTo(22);
        assertThat(new CapacityPlan(1000, 0.7, 3, 5000, null, null).nodesIfOnlyWritesReplicated())
                .isEmpty();
    }

    @Test
    void statementGivesTheAnswerAndEveryAssumption() {
        String statement = new CapacityPlan(1000, 0.7, 3, 5000, 100_000L, 0.1)
                .statement("this behaviour", "8 cores, 32.0 GiB memory");

        assertThat(statement)
                .startsWith("For 100,000 users with this behaviour at 5,000 events/s you need about 22 store nodes"
                        + " of this machine's size (8 cores, 32.0 GiB memory).")
                .contains(
                        "1,000 events/s",
                        "70 % of its knee, 700 events/s",
                        "3 copies",
                        "5,000 × 3 / 700 = 21.4",
                        "consistency ONE/LOCAL_ONE",
                        "10.0 % of the events",
                        "about 9 nodes",
                        "load client on the same machine",
                        "linearly");
    }

    @Test
    void withoutUsersTheStatementSpeaksOfTheRateOnly() {
        assertThat(new CapacityPlan(1000, 0.7, 3, 5000, null, null).headline("this behaviour", "m"))
                .startsWith("For this behaviour at 5,000 events/s you need about 22 store nodes");
    }

    @Test
    void rejectsInputsThatMakeNoPlan() {
        assertThatThrownBy(() -> new CapacityPlan(0, 0.7, 3, 5000, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CapacityPlan(1000, 0, 3, 5000, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CapacityPlan(1000, 1.2, 3, 5000, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CapacityPlan(1000, 0.7, 0, 5000, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CapacityPlan(1000, 0.7, 3, Double.NaN, null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
