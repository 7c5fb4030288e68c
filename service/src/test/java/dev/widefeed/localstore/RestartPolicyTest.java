package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RestartPolicyTest {

    private final RestartPolicy policy = RestartPolicy.standard();

    @Test
    void aStoreThatServedAWhileIsStartedAgainAfterASecond() {
        assertThat(policy.afterDeath(Duration.ofMinutes(10))).contains(Duration.ofSeconds(1));
        assertThat(policy.failedStarts()).isZero();
    }

    @Test
    void eachFailedStartInARowDoublesTheWaitAndTheFifthGivesUp() {
        policy.afterDeath(Duration.ofHours(1));

        assertThat(policy.afterFailedStart()).contains(Duration.ofSeconds(2));
        assertThat(policy.afterFailedStart()).contains(Duration.ofSeconds(4));
        assertThat(policy.afterFailedStart()).contains(Duration.ofSeconds(8));
        assertThat(policy.afterFailedStart()).contains(Duration.ofSeconds(16));
        assertThat(policy.afterFailedStart()).isEmpty();
        assertThat(policy.failedStarts()).isEqualTo(5);
    }

    @Test
    void theWaitStopsGrowingAtItsCeiling() {
        RestartPolicy patient =
                new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), 10, Duration.ofMinutes(1));

        Optional<Duration> last = Optional.empty();
        for (int i = 0; i < 9; i++) {
            last = patient.afterFailedStart();
        }

        assertThat(last).contains(Duration.ofSeconds(30));
        assertThat(patient.afterFailedStart()).isEmpty();
    }

    @Test
    void aStoreThatDiesSoonAfterServingCountsAsAFailedStart() {
        assertThat(policy.afterDeath(Duration.ofSeconds(20))).contains(Duration.ofSeconds(2));
        assertThat(policy.afterDeath(Duration.ofSeconds(20))).contains(Duration.ofSeconds(4));
        assertThat(policy.afterFailedStart()).contains(Duration.ofSeconds(8));
        assertThat(policy.afterDeath(Duration.ofSeconds(5))).contains(Duration.ofSeconds(16));

        assertThat(policy.afterDeath(Duration.ofSeconds(5)))
                .as("a crash loop is given up on")
                .isEmpty();
    }

    @Test
    void aStoreThatServedAWhileStartsTheCountAfresh() {
        policy.afterFailedStart();
        policy.afterFailedStart();
        policy.afterFailedStart();

        assertThat(policy.afterDeath(Duration.ofMinutes(1))).contains(Duration.ofSeconds(1));
        assertThat(policy.afterFailedStart()).contains(Duration.ofSeconds(2));
    }
}
