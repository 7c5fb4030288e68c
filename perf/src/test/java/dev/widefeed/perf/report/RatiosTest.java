package dev.widefeed.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.FanoutResult;
import dev.widefeed.perf.results.StrategiesResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RatiosTest {

    @Test
    void goalsHoldAtTheirBoundaryOnlyWhenInclusive() {
        assertThat(new Ratio.Goal(Ratio.Comparison.AT_LEAST, 0.7).test(0.7)).isTrue();
        assertThat(new Ratio.Goal(Ratio.Comparison.AT_LEAST, 0.7).test(0.69)).isFalse();
        assertThat(new Ratio.Goal(Ratio.Comparison.BELOW, 1).test(1)).isFalse();
        assertThat(new Ratio.Goal(Ratio.Comparison.BELOW, 1).test(0.99)).isTrue();
        assertThat(new Ratio.Goal(Ratio.Comparison.AT_MOST, 5).test(5)).isTrue();
        assertThat(new Ratio.Goal(Ratio.Comparison.AT_MOST, 5).test(5.01)).isFalse();
    }

    @Test
    void aRatioOverZeroIsNotMeasuredRatherThanInfinite() {
        CelebrityResult c = SyntheticRun.celebrity();
        CelebrityResult noCeiling = new CelebrityResult(
                c.backend(),
                c.followers(),
                c.activeFollowers(),
                c.backgroundRate(),
                0,
                c.fanoutRowsPerSecond(),
                c.deliverySeconds(),
                c.postRequestMs(),
                c.smallAuthorPostMs(),
                c.tiers(),
                c.completion(),
                c.before(),
                c.during(),
                c.reach());

        List<Ratio> ratios = Ratios.of(run(Optional.of(noCeiling), Optional.empty()));

        assertThat(ratios.get(0).value()).isNull();
        assertThat(ratios.get(0).verdict()).isEqualTo("not measured");
        assertThat(ratios.get(4).value()).isEqualTo(3.0);
    }

    @Test
    void aPulledCelebrityHasNoFanoutToCompareButItsReachAndPostsCount() {
        CelebrityResult c = SyntheticRun.celebrity();
        CelebrityResult pulled = new CelebrityResult(
                c.backend(),
                c.followers(),
                1,
                c.backgroundRate(),
                c.ceilingInsertsPerSecond(),
                1,
                0.01,
                9,
                10,
                List.of(),
                c.completion(),
                c.before(),
                c.during(),
                c.reach());

        List<Ratio> ratios = Ratios.of(run(Optional.of(pulled), Optional.empty()));

        assertThat(ratios.get(0).value()).isNull();
        assertThat(ratios.get(0).source()).contains("perf fanout");
        assertThat(ratios.get(4).value()).isEqualTo(0.9);
        assertThat(ratios.get(5).value()).isEqualTo(1_100.0);
    }

    @Test
    void aPushedAuthorsFanoutRunIsTheFanoutGoal() {
        RunData run = new RunData(
                Path.of("run"),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.of(SyntheticRun.celebrity()),
                Optional.empty(),
                Optional.of(new FanoutResult("hbase", 100_000, 20_000, 40_000, 30_000, 0.7, "hybrid", 20_001, 120_000)),
                Optional.empty(),
                List.of(),
                List.of());

        Ratio fanout = Ratios.of(run).get(0);

        assertThat(fanout.value()).isEqualTo(0.75);
        assertThat(fanout.source()).contains("100,000 followers", "perf fanout");
    }

    @Test
    void strategyRatiosNeedBothStrategiesByName() {
        StrategiesResult renamed = SyntheticRun.strategies("tiered");

        List<Ratio> ratios = Ratios.of(run(Optional.empty(), Optional.of(renamed)));

        assertThat(ratios.get(1).value()).isNull();
        assertThat(ratios.get(1).source()).contains("\"hybrid\"", "\"push-all\"");
        assertThat(ratios.get(2).value()).isNull();
    }

    private static RunData run(Optional<CelebrityResult> celebrity, Optional<StrategiesResult> strategies) {
        return new RunData(
                Path.of("run"),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                celebrity,
                strategies,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                List.of());
    }
}
