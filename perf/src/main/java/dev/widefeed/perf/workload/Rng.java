package dev.widefeed.perf.workload;

import java.util.SplittableRandom;

/**
 * Derived random streams: one independent {@link SplittableRandom} per (seed, purpose, index), so any
 * part of the output depends only on the seed and its own index, never on generation order or threads.
 * Floating-point functions use {@link StrictMath} so the same seed gives the same bytes on every platform.
 */
final class Rng {
    static final long DEGREE = 1;
    static final long RATES = 2;
    static final long EDGES = 3;
    static final long EVENTS = 4;

    private Rng() {}

    static SplittableRandom stream(long seed, long purpose, long index) {
        return new SplittableRandom(mix(mix(seed ^ 0x5DEECE66DL) + purpose * 0x9E3779B97F4A7C15L + index));
    }

    /** SplitMix64's finaliser. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A standard normal deviate (Box-Muller, one of the pair). */
    static double gaussian(SplittableRandom random) {
        double u1 = 1.0 - random.nextDouble(); // (0, 1]
        double u2 = random.nextDouble();
        return StrictMath.sqrt(-2.0 * StrictMath.log(u1)) * StrictMath.cos(2.0 * StrictMath.PI * u2);
    }

    /** Walker/Vose alias table: O(1) draws of an index with probability proportional to its weight. */
    static final class Alias {
        private final double[] probability;
        private final int[] alias;

        Alias(double[] weights) {
            int n = weights.length;
            probability = new double[n];
            alias = new int[n];
            double total = 0;
            for (double w : weights) {
                total += w;
            }
            if (!(total > 0)) {
                java.util.Arrays.fill(probability, 1.0); // all zero: uniform
                return;
            }
            double[] scaled = new double[n];
            int[] small = new int[n];
            int[] large = new int[n];
            int smallCount = 0;
            int largeCount = 0;
            for (int i = 0; i < n; i++) {
                scaled[i] = weights[i] * n / total;
                if (scaled[i] < 1.0) {
                    small[smallCount++] = i;
                } else {
                    large[largeCount++] = i;
                }
            }
            while (smallCount > 0 && largeCount > 0) {
                int s = small[--smallCount];
                int l = large[--largeCount];
                probability[s] = scaled[s];
                alias[s] = l;
                scaled[l] = (scaled[l] + scaled[s]) - 1.0;
                if (scaled[l] < 1.0) {
                    small[smallCount++] = l;
                } else {
                    large[largeCount++] = l;
                }
            }
            while (largeCount > 0) {
                probability[large[--largeCount]] = 1.0;
            }
            while (smallCount > 0) {
                probability[small[--smallCount]] = 1.0; // rounding leftovers
            }
        }

        int sample(SplittableRandom random) {
            int i = random.nextInt(probability.length);
            return random.nextDouble() < probability[i] ? i : alias[i];
        }
    }
}
