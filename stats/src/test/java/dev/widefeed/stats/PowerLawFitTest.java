package dev.widefeed.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PowerLawFitTest {
    private static final int SAMPLES = 50_000;

    @Test
    void hurwitzZetaMatchesKnownValues() {
        double pi2 = Math.PI * Math.PI;
        assertThat(Zeta.hurwitz(2, 1)).isCloseTo(pi2 / 6, within(1e-13));
        assertThat(Zeta.hurwitz(2, 0.5)).isCloseTo(pi2 / 2, within(1e-13)); // (2^s - 1) zeta(s)
        assertThat(Zeta.hurwitz(2, 5)).isCloseTo(pi2 / 6 - 1 - 1 / 4.0 - 1 / 9.0 - 1 / 16.0, within(1e-13));
        assertThat(Zeta.hurwitz(3, 1)).isCloseTo(1.2020569031595942, within(1e-13));
        assertThat(Zeta.hurwitz(1.5, 1)).isCloseTo(2.612375348685488, within(1e-12));
        assertThat(Zeta.hurwitz(4, 1)).isCloseTo(Math.pow(Math.PI, 4) / 90, within(1e-13));
        assertThat(Zeta.hurwitz(15, 1)).isCloseTo(1.0000305882363070, within(1e-13));
        // far out in the tail, against the direct sum of the first million terms plus the integral of the rest
        double direct = 0;
        for (int k = 0; k < 1_000_000; k++) {
            direct += Math.pow(1_000 + k, -2.5);
        }
        direct += Math.pow(1_001_000 - 0.5, -1.5) / 1.5;
        assertThat(Zeta.hurwitz(2.5, 1_000) / direct).isCloseTo(1, within(1e-9));
    }

    @ParameterizedTest
    @ValueSource(doubles = {2.1, 2.5})
    void recoversTheExponentOfADiscretePowerLaw(double exponent) {
        SplittableRandom random = new SplittableRandom(17);
        TreeMap<Long, Long> histogram = new TreeMap<>();
        for (int i = 0; i < SAMPLES; i++) {
            histogram.merge(zipf(exponent, random), 1L, Long::sum);
        }
        PowerLawFit fit = PowerLawFit.of(histogram).orElseThrow();
        System.out.printf("zipf(%.1f), %,d samples: %s%n", exponent, SAMPLES, fit);
        assertThat(fit.exponent()).isCloseTo(exponent, within(0.05));
        assertThat(fit.standardError()).isLessThan(0.02);
    }

    @Test
    void findsWhereThePowerLawStartsAboveABodyThatIsNotOne() {
        // 20,000 users spread evenly over 1..9 followers, 30,000 following k^-2.3 from 10 on
        SplittableRandom random = new SplittableRandom(5);
        TreeMap<Long, Long> histogram = new TreeMap<>();
        for (int i = 0; i < 20_000; i++) {
            histogram.merge(1L + random.nextInt(9), 1L, Long::sum);
        }
        for (int i = 0; i < 30_000; ) {
            long k = zipf(2.3, random);
            if (k >= 10) {
                histogram.merge(k, 1L, Long::sum);
                i++;
            }
        }
        PowerLawFit fit = PowerLawFit.of(histogram).orElseThrow();
        System.out.println("uniform body, k^-2.3 tail from 10: " + fit);
        // below 10 the body is nothing like a power law; above it the KS distance varies by noise alone
        assertThat(fit.xMin()).isBetween(10L, 40L);
        assertThat(fit.exponent()).isCloseTo(2.3, within(0.05));
    }

    @Test
    void measuresTheRoundedParetoAProfiledPopulationDraws() {
        SplittableRandom random = new SplittableRandom(3);
        int[] rounded = new int[SAMPLES];
        int[] floored = new int[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            double x = 4 * Math.pow(1 - random.nextDouble(), -1 / 1.2);
            rounded[i] = (int) Math.floor(x + 0.5);
            floored[i] = (int) Math.floor(x);
        }
        PowerLawFit fit = PowerLawFit.of(rounded).orElseThrow();
        PowerLawFit flooredFit = PowerLawFit.of(floored).orElseThrow();
        System.out.println("round(4 * Pareto(2.2)): " + fit + "; floor: " + flooredFit);
        assertThat(fit.exponent()).isCloseTo(2.2, within(0.05));
        // flooring makes P(k) ~ (k + 1/2)^-a, flatter than k^-a where the tail starts
        assertThat(flooredFit.exponent()).isLessThan(fit.exponent());
    }

    @Test
    void noFitWithoutATail() {
        assertThat(PowerLawFit.of(new int[1_000])).isEmpty(); // everybody at 0
        assertThat(PowerLawFit.of(new int[] {1, 2, 3, 5, 8, 13})).isEmpty(); // too few users
        int[] same = new int[1_000];
        Arrays.fill(same, 7);
        assertThat(PowerLawFit.of(same)).isEmpty(); // one distinct count: any exponent fits it
    }

    /** Devroye's rejection sampler for P(k) ~ k^-a, k >= 1 (Non-Uniform Random Variate Generation, X.6): no zeta. */
    static long zipf(double a, SplittableRandom random) {
        double b = Math.pow(2, a - 1);
        while (true) {
            double u = 1 - random.nextDouble();
            double v = random.nextDouble();
            double x = Math.floor(Math.pow(u, -1 / (a - 1)));
            if (x >= 1e15) {
                continue; // beyond any follower count; dropping it changes the law by less than 1e-15
            }
            double t = Math.pow(1 + 1 / x, a - 1);
            if (v * x * (t - 1) / (b - 1) <= t / b) {
                return (long) x;
            }
        }
    }
}
