package dev.widefeed.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.ReplayResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SteadyKneeTest {
    private static ReplayResult point(double offered, double achieved, long dropped, long errors, double p99) {
        LatencySummary latency = new LatencySummary(1000, p99 / 2, p99 / 2, p99, p99, p99, p99);
        return new ReplayResult(
                "cassandra",
                "service",
                offered,
                achieved,
                10,
                1000,
                errors,
                dropped,
                Map.of("all", new ReplayResult.KindResult(1000, errors, latency, latency)),
                List.of(),
                List.of());
    }

    @Test
    void theKneeIsTheHighestRateThatKeptUp() {
        List<ReplayResult> points = List.of(
                point(100, 99, 0, 0, 20),
                point(200, 197, 0, 0, 40),
                point(400, 390, 0, 0, 80),
                point(800, 600, 0, 0, 90));
        assertThat(SteadyScenario.knee(points, 500)).isEqualTo(400.0);
    }

    @Test
    void slowDroppingOrFailingRatesDoNotCount() {
        assertThat(SteadyScenario.keptUp(point(100, 99, 0, 0, 501), 500))
                .as("p99 over the SLO")
                .isFalse();
        assertThat(SteadyScenario.keptUp(point(100, 99, 11, 0, 20), 500))
                .as("over 1 % dropped")
                .isFalse();
        assertThat(SteadyScenario.keptUp(point(100, 99, 5, 6, 20), 500))
                .as("drops and errors together")
                .isFalse();
        assertThat(SteadyScenario.keptUp(point(100, 94, 0, 0, 20), 500))
                .as("under 95 % achieved")
                .isFalse();
        assertThat(SteadyScenario.keptUp(point(100, 95, 5, 5, 500), 500)).isTrue();
        assertThat(SteadyScenario.knee(List.of(point(100, 50, 0, 0, 20)), 500)).isNull();
    }
}
