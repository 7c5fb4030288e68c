package dev.widefeed.perf.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Follower counts, per-user rates and the follow graph of a {@link WorkloadSpec}.
 *
 * <p>Follower counts: every non-celebrity user draws {@code r = U^(-1/(a-1))} (a Pareto variable with
 * density exponent {@code a}); counts are {@code min(users-1, floor(s * r))} with the scale {@code s} found
 * by bisection so that the total, celebrities included, is {@code meanFollowers * users}. Celebrities are
 * users {@code 0..c-1} with their exact counts. With {@link WorkloadSpec#ordinaryMaxFollowers()} set, the
 * Pareto variable is truncated instead: {@code r} is drawn conditional on {@code s * r < m + 1/2}, {@code m} that
 * bound (at most {@code users-1}), by inverting its distribution function,
 * {@code s * r = s * (c + U (1 - c))^(-1/(a-1))} with {@code c = (s / (m + 1/2))^(a-1)}, and the count is
 * {@code s * r} rounded; it still grows with {@code s} for every {@code U}, so the same bisection finds it. A
 * workload profile lists every account above its celebrity threshold, so the ordinary users must not add a second
 * tail above it.
 *
 * <p>Rates: log-normal, {@code readWeight = exp(1.5 Z)}, {@code postWeight = exp(2.0 Z')}, independent.
 *
 * <p>Edges: each user's followers are a uniform sample without replacement of the other users (Floyd's
 * algorithm, or a sequential selection scan for counts above a quarter of the population). Consequently a
 * user's following count is close to Poisson with the mean follower count, so the service's following cap
 * (5,000) only matters for mean follower counts in the thousands; the manifest reports the largest one.
 */
public final class PopulationGenerator {
    static final double READ_SIGMA = 1.5;
    static final double POST_SIGMA = 2.0;

    /** Receives the follow edges, grouped by followee ascending, followers ascending within a group. */
    @FunctionalInterface
    public interface EdgeSink {
        void accept(int follower, int followee) throws IOException;
    }

    private PopulationGenerator() {}

    public static Population generate(WorkloadSpec spec) {
        int n = spec.users();
        int cap = n - 1;
        List<Integer> celebrities = new ArrayList<>();
        List<Integer> skipped = new ArrayList<>();
        for (int c : spec.celebrities()) {
            if (c <= cap && celebrities.size() < n) {
                celebrities.add(c);
            } else {
                skipped.add(c);
            }
        }
        int[] followers = new int[n];
        long celebrityEdges = 0;
        for (int i = 0; i < celebrities.size(); i++) {
            followers[i] = celebrities.get(i);
            celebrityEdges += celebrities.get(i);
        }
        int first = celebrities.size();
        Degrees degrees = spec.ordinaryMaxFollowers() == 0
                ? new Capped(n, cap, spec.zipfExponent())
                : new Truncated(n, spec.ordinaryCap(), spec.zipfExponent());
        for (int u = first; u < n; u++) {
            degrees.draw(u, 1.0 - Rng.stream(spec.seed(), Rng.DEGREE, u).nextDouble()); // (0, 1]
        }
        long budget = Math.max(0L, Math.round(spec.meanFollowers() * n) - celebrityEdges);
        double scale = scaleFor(degrees, first, budget);
        for (int u = first; u < n; u++) {
            followers[u] = degrees.count(u, scale);
        }
        double[] readWeight = new double[n];
        double[] postWeight = new double[n];
        for (int u = 0; u < n; u++) {
            SplittableRandom random = Rng.stream(spec.seed(), Rng.RATES, u);
            readWeight[u] = StrictMath.exp(READ_SIGMA * Rng.gaussian(random));
            postWeight[u] = StrictMath.exp(POST_SIGMA * Rng.gaussian(random));
            // Drawn after the rates, so a share of 0 leaves every other value as it was.
            if (random.nextDouble() < spec.dormantShare() && u >= celebrities.size()) {
                readWeight[u] = 0;
                postWeight[u] = 0;
            }
        }
        return new Population(followers, readWeight, postWeight, List.copyOf(celebrities), List.copyOf(skipped));
    }

    /** The smallest scale (to bisection precision) whose total of counts reaches the budget. */
    private static double scaleFor(Degrees degrees, int from, long budget) {
        if (budget == 0 || from >= degrees.users()) {
            return 0;
        }
        double low = 0;
        double high = 1;
        while (degrees.total(from, high) < budget && high < degrees.cap() * 2.0) {
            high *= 2;
        }
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double mid = (low + high) / 2;
            if (degrees.total(from, mid) < budget) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }

    /** Non-celebrities' follower counts as a function of the scale, each from the user's own uniform draw. */
    private abstract static class Degrees {
        final int cap;

        Degrees(int cap) {
            this.cap = cap;
        }

        abstract void draw(int user, double uniform);

        abstract int count(int user, double scale);

        abstract int users();

        int cap() {
            return cap;
        }

        long total(int from, double scale) {
            long sum = 0;
            for (int u = from; u < users(); u++) {
                sum += count(u, scale);
            }
            return sum;
        }
    }

    /** {@code min(cap, floor(s * r))}: what the power law puts above the cap piles up there. */
    private static final class Capped extends Degrees {
        private final double[] raw;
        private final double inverse;

        Capped(int users, int cap, double exponent) {
            super(cap);
            raw = new double[users];
            inverse = 1.0 / (exponent - 1.0);
        }

        @Override
        void draw(int user, double uniform) {
            raw[user] = Math.min(1e15, StrictMath.pow(uniform, -inverse));
        }

        @Override
        int count(int user, double scale) {
            return (int) Math.min(cap, Math.floor(scale * raw[user]));
        }

        @Override
        int users() {
            return raw.length;
        }
    }

    /**
     * {@code round(s * r)} with {@code r} conditional on {@code s * r < cap + 1/2}. Rounding, not flooring: the
     * chance of a count {@code k} is then that of {@code s * r} within half a unit of it, about proportional to
     * {@code k^-a}, the discrete law a profile's exponent is fitted to; the floor's is about {@code (k + 1/2)^-a},
     * which a fit reads as a smaller exponent (by about 0.03 where the tail starts near 10).
     */
    private static final class Truncated extends Degrees {
        private final double[] uniform;
        private final double exponent;
        private final double inverse;

        Truncated(int users, int cap, double exponent) {
            super(cap);
            uniform = new double[users];
            this.exponent = exponent;
            inverse = 1.0 / (exponent - 1.0);
        }

        @Override
        void draw(int user, double u) {
            uniform[user] = u;
        }

        @Override
        int count(int user, double scale) {
            return count(user, scale, c(scale));
        }

        /** In parallel: a power per user per bisection step; the sum of integers is the same in any order. */
        @Override
        long total(int from, double scale) {
            double c = c(scale);
            return IntStream.range(from, uniform.length)
                    .parallel()
                    .mapToLong(u -> count(u, scale, c))
                    .sum();
        }

        private double c(double scale) {
            return StrictMath.pow(scale / (cap + 0.5), exponent - 1.0);
        }

        private int count(int user, double scale, double c) {
            if (scale <= 0) {
                return 0;
            }
            double x = scale * StrictMath.pow(c + uniform[user] * (1.0 - c), -inverse);
            return (int) Math.min(cap, Math.floor(x + 0.5)); // x is below cap + 1/2 but at u = 0
        }

        @Override
        int users() {
            return uniform.length;
        }
    }

    /** Emits every follow edge; each followee's followers come from that followee's own random stream. */
    public static void edges(WorkloadSpec spec, Population population, EdgeSink sink) throws IOException {
        int n = population.users();
        int[] followers = population.followers();
        BitSet chosen = new BitSet(n);
        int[] picked = new int[0];
        for (int followee = 0; followee < n; followee++) {
            int k = followers[followee];
            if (k == 0) {
                continue;
            }
            SplittableRandom random = Rng.stream(spec.seed(), Rng.EDGES, followee);
            int candidates = n - 1; // everybody but the followee; candidate c is user c, or c+1 from the followee on
            if (k > candidates / 4) {
                // selection sampling (Knuth's algorithm S): one pass, already in order
                int needed = k;
                for (int c = 0; c < candidates && needed > 0; c++) {
                    if (random.nextLong(candidates - c) < needed) {
                        sink.accept(c < followee ? c : c + 1, followee);
                        needed--;
                    }
                }
            } else {
                // Floyd's algorithm: k draws, no rejection
                if (picked.length < k) {
                    picked = new int[Math.max(k, picked.length * 2)];
                }
                int count = 0;
                for (int j = candidates - k; j < candidates; j++) {
                    int t = random.nextInt(j + 1);
                    int take = chosen.get(t) ? j : t;
                    chosen.set(take);
                    picked[count++] = take;
                }
                Arrays.sort(picked, 0, count);
                for (int i = 0; i < count; i++) {
                    int c = picked[i];
                    chosen.clear(c);
                    sink.accept(c < followee ? c : c + 1, followee);
                }
            }
        }
    }
}
