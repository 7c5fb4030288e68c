package dev.widefeed.perf.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class EventMixTest {
    private static final int USERS = 5_000;
    private static final int EVENTS = 300_000;

    @ParameterizedTest
    @EnumSource(WorkloadSpec.Preset.class)
    void mixMatchesThePresetAndEventsAreTimeOrdered(WorkloadSpec.Preset preset) throws Exception {
        WorkloadSpec spec = new WorkloadSpec(USERS, 2.1, 50, List.of(2_000), 11, preset, EVENTS, 2_000, 0.0);
        Population population = PopulationGenerator.generate(spec);
        Map<EventKind, Long> counts = new EnumMap<>(EventKind.class);
        long[] last = {0};
        long[] celebrityTargeted = {0};
        EventGenerator.events(spec, population, (offset, kind, actor, target) -> {
            assertThat(offset).isGreaterThanOrEqualTo(last[0]);
            last[0] = offset;
            assertThat(actor).isBetween(0, USERS - 1);
            if (kind == EventKind.POST || kind == EventKind.HOME_READ) {
                assertThat(target).isEqualTo(-1);
            } else {
                assertThat(target).isBetween(0, USERS - 1).isNotEqualTo(actor);
                if (target == 0) {
                    celebrityTargeted[0]++;
                }
            }
            counts.merge(kind, 1L, Long::sum);
        });
        long reads = 0;
        for (EventKind kind : EventKind.values()) {
            long n = counts.getOrDefault(kind, 0L);
            double expected = spec.mix().share(kind) * EVENTS;
            // within 5 standard deviations (binomial) or 2 %, whichever is larger
            double tolerance = Math.max(5 * Math.sqrt(expected), 0.02 * expected);
            assertThat((double) n).as(kind.label()).isCloseTo(expected, within(tolerance));
            if (kind.isRead()) {
                reads += n;
            }
        }
        long writes = EVENTS - reads;
        double ratio = (double) reads / writes;
        System.out.printf(
                "%s: reads:writes = %.2f:1, %s, last offset %d ms, celebrity targeted %d times%n",
                preset.label(), ratio, counts, last[0], celebrityTargeted[0]);
        if (preset == WorkloadSpec.Preset.READ_HEAVY) {
            assertThat(ratio).isCloseTo(65, within(65 * 0.1));
        } else {
            assertThat(ratio).isCloseTo(1.0 / 3, within(0.03));
        }
        // Poisson arrivals at the spec's rate
        assertThat(last[0] / 1000.0).isCloseTo(EVENTS / spec.eventsPerSecond(), within(0.02 * EVENTS / 2_000));
        // the celebrity (2,000 of 5,000 users follow it) is a popular target
        assertThat(celebrityTargeted[0]).isGreaterThan(0);
    }

    @Test
    void activityIsSkewed() {
        WorkloadSpec spec =
                new WorkloadSpec(USERS, 2.1, 50, List.of(), 5, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.0);
        Population population = PopulationGenerator.generate(spec);
        double[] reads = EventGenerator.perDay(spec, population.readWeight(), EventKind.HOME_READ, EventKind.USER_READ);
        double[] sorted = reads.clone();
        java.util.Arrays.sort(sorted);
        double total = java.util.Arrays.stream(sorted).sum();
        double top = 0;
        for (int i = sorted.length - sorted.length / 10; i < sorted.length; i++) {
            top += sorted[i];
        }
        // expected reads per day add up to the preset's read share of the event rate
        assertThat(total).isCloseTo(1000 * 86_400 * 65.0 / 66, within(1.0));
        assertThat(top / total).as("share of reads by the most active 10 %").isGreaterThan(0.3);
    }
}
