package dev.widefeed.drills.soak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.restclient.Reply;
import org.junit.jupiter.api.Test;

class KneeSearchTest {
    /** A 10-second step at 100/s. */
    private static LoadWindow step(long answers, long failed, double p99Ms) {
        return new LoadWindow(100, 0, 10, answers, failed, 0, p99Ms);
    }

    @Test
    void aStepKeepsUpByThePerfModulesRule() {
        assertThat(KneeSearch.keptUp(step(950, 9, 500))).isTrue();
        assertThat(KneeSearch.keptUp(step(949, 0, 20)))
                .as("under 95 % achieved")
                .isFalse();
        assertThat(KneeSearch.keptUp(step(1000, 11, 20))).as("over 1 % failed").isFalse();
        assertThat(KneeSearch.keptUp(step(1000, 0, 501))).as("p99 over 500 ms").isFalse();
        assertThat(KneeSearch.keptUp(new LoadWindow(100, 0, 10, 1000, 5, 6, 20)))
                .as("4xx count as failed")
                .isFalse();
    }

    @Test
    void aWindowCountsFailuresOnTheServicesSideOnly() {
        Timeline timeline = new Timeline();
        timeline.record(new Reply(200, null, "", 1_000, false, false));
        timeline.record(new Reply(404, null, "", 1_000, false, false));
        timeline.record(new Reply(503, null, "", 1_000, true, false));
        timeline.record(new Reply(-1, null, "", 15_000_000, false, false));
        LoadWindow w = LoadWindow.of(timeline, 4, 0, 1);
        assertThat(w.answers()).isEqualTo(4);
        assertThat(w.failed()).isEqualTo(2);
        assertThat(w.clientErrors()).isEqualTo(1);
        assertThat(w.failedPercent()).isEqualTo(50);
        assertThat(w.achieved()).isEqualTo(4);
    }
}
