package dev.widefeed.perf.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Follower counts, per-user rates and the follow graph of a {@link WorkloadSpec}.
 *
 * <p>Follower counts: every non-celebrity user draws {@code r = U^(-1/(a-1))} (a Pareto variable with
 * density exponent {@code a}); counts are {@code min(users-1, floor(s * r))} with the scale {@code s} found
 * by bisection so that the total, celebrities included, is {@code meanFollowers * users}. Celebrities are
 * users {@code 0..c-1} with their exact counts.
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

    private PopulationGenerator() {
    }

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
        double[] raw = new double[n];
        double inverse = 1.0 / (spec.zipfExponent() - 1.0);
        for (int u = first; u < n; u++) {
            double uniform = 1.0 - Rng.stream(spec.seed(), Rng.DEGREE, u).nextDouble(); // (0, 1]
            raw[u] = Math.min(1e15, StrictMath.pow(uniform, -inverse));
        }
        long budget = Math.max(0L, Math.round(spec.meanFollowers() * n) - celebrityEdges);
        double scale = scaleFor(raw, first, cap, budget);
        for (int u = first; u < n; u++) {
            followers[u] = (int) Math.min(cap, Math.floor(scale * raw[u]));
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

    /** The smallest scale (to bisection precision) whose capped, floored total reaches the budget. */
    private static double scaleFor(double[] raw, int from, int cap, long budget) {
        if (budget == 0 || from >= raw.length) {
            return 0;
        }
        double low = 0;
        double high = 1;
        while (total(raw, from, cap, high) < budget && high < cap * 2.0) {
            high *= 2;
        }
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double mid = (low + high) / 2;
            if (total(raw, from, cap, mid) < budget) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }

    private static long total(double[] raw, int from, int cap, double scale) {
        long sum = 0;
        for (int u = from; u < raw.length; u++) {
            sum += (long) Math.min(cap, Math.floor(scale * raw[u]));
        }
        return sum;
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
