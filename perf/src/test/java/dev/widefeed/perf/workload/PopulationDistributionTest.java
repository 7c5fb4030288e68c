package dev.widefeed.perf.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PopulationDistributionTest {
    private static final int USERS = 20_000;

    @Test
    void followerCountsAreHeavyTailedWithTheTargetMeanAndExactCelebrities() throws Exception {
        WorkloadSpec spec = new WorkloadSpec(
                USERS, 2.1, 50, WorkloadSpec.DEFAULT_CELEBRITIES, 1, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.0);
        Population population = PopulationGenerator.generate(spec);
        int[] followers = population.followers();

        // celebrities: 10^4 fits into 20,000 users, 10^5 and 10^6 do not
        assertThat(population.celebrities()).containsExactly(10_000);
        assertThat(population.skippedCelebrities()).containsExactly(100_000, 1_000_000);
        assertThat(followers[0]).isEqualTo(10_000);

        // the graph realises the counts exactly: no self-follows, no duplicates
        int[] counted = new int[USERS];
        int[] previous = {-1, -1}; // followee, follower
        long[] edges = {0};
        PopulationGenerator.edges(spec, population, (follower, followee) -> {
            assertThat(follower).isNotEqualTo(followee).isBetween(0, USERS - 1);
            assertThat(followee).isGreaterThanOrEqualTo(previous[0]);
            if (followee == previous[0]) {
                assertThat(follower)
                        .as("followers strictly increasing: no duplicate edge")
                        .isGreaterThan(previous[1]);
            }
            previous[0] = followee;
            previous[1] = follower;
            counted[followee]++;
            edges[0]++;
        });
        assertThat(counted).isEqualTo(followers);
        double mean = (double) edges[0] / USERS;
        assertThat(mean).isCloseTo(50, within(5.0));

        // heavy tail: the top 1 % of (non-celebrity) users hold a large share of the edges ...
        int[] ordinary = Arrays.copyOfRange(followers, population.celebrities().size(), USERS);
        Arrays.sort(ordinary);
        long total = Arrays.stream(ordinary).asLongStream().sum();
        int top = ordinary.length / 100;
        long topSum = 0;
        for (int i = ordinary.length - top; i < ordinary.length; i++) {
            topSum += ordinary[i];
        }
        double topShare = (double) topSum / total;
        int median = ordinary[ordinary.length / 2];
        // ... and the tail exponent (Hill estimator over the top 2 %, below the users-1 cap) matches the target
        int k = ordinary.length / 50;
        double threshold = ordinary[ordinary.length - 1 - k];
        double logSum = 0;
        int used = 0;
        for (int i = ordinary.length - k; i < ordinary.length; i++) {
            if (ordinary[i] < USERS - 1) {
                logSum += Math.log(ordinary[i] / threshold);
                used++;
            }
        }
        double exponent = 1 + used / logSum;
        System.out.printf(
                "followers: mean %.2f, median %d, max non-celebrity %d, top 1%% hold %.1f%% of edges, "
                        + "Hill tail exponent %.3f (target %.1f, top %d)%n",
                mean, median, ordinary[ordinary.length - 1], 100 * topShare, exponent, spec.zipfExponent(), k);
        assertThat(topShare).isGreaterThan(0.2);
        assertThat(median).isLessThan(50);
        assertThat(exponent).isCloseTo(spec.zipfExponent(), within(0.2));
    }

    @Test
    void largerExponentGivesALighterTail() {
        double light = topShare(3.0);
        double heavy = topShare(1.8);
        assertThat(heavy).isGreaterThan(light);
        assertThat(light).isGreaterThan(0.01);
    }

    private static double topShare(double exponent) {
        int[] f = PopulationGenerator.generate(new WorkloadSpec(
                        USERS, exponent, 50, java.util.List.of(), 3, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.0))
                .followers()
                .clone();
        Arrays.sort(f);
        long total = Arrays.stream(f).asLongStream().sum();
        long top = 0;
        for (int i = f.length - f.length / 100; i < f.length; i++) {
            top += f[i];
        }
        assertThat((double) total / f.length).isCloseTo(50, within(5.0));
        return (double) top / total;
    }

    @Test
    void theDormantShareNeitherReadsNorPostsAndLeavesTheRestAsTheyWere() {
        WorkloadSpec awake =
                new WorkloadSpec(USERS, 2.1, 50, List.of(10_000), 3, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.0);
        WorkloadSpec half =
                new WorkloadSpec(USERS, 2.1, 50, List.of(10_000), 3, WorkloadSpec.Preset.READ_HEAVY, 0, 1000, 0.5);
        Population all = PopulationGenerator.generate(awake);
        Population some = PopulationGenerator.generate(half);
        int dormant = 0;
        for (int u = 0; u < USERS; u++) {
            assertThat(all.readWeight()[u]).isPositive();
            if (some.readWeight()[u] == 0) {
                dormant++;
                assertThat(some.postWeight()[u]).isZero();
            } else {
                assertThat(some.readWeight()[u]).isEqualTo(all.readWeight()[u]);
                assertThat(some.postWeight()[u]).isEqualTo(all.postWeight()[u]);
            }
        }
        assertThat(some.readWeight()[0]).as("a celebrity is never dormant").isPositive();
        assertThat(dormant / (double) USERS).isCloseTo(0.5, within(0.02));
        assertThat(some.followers()).isEqualTo(all.followers());
    }
}
