package dev.widefeed.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A discrete power law {@code P(k) = k^-a / zeta(a, xMin)} for {@code k >= xMin}, fitted to non-negative counts
 * (follower counts) as Clauset, Shalizi and Newman (2009) prescribe: for each candidate {@code xMin} the exponent is
 * the maximum-likelihood estimate over the counts at or above it, and the {@code xMin} kept is the one whose fitted
 * law is nearest the data by the Kolmogorov-Smirnov distance.
 *
 * <p>The exponent is the discrete MLE itself, found numerically (the log-likelihood
 * {@code -n ln zeta(a, xMin) - a sum ln k} is concave in {@code a}; golden-section search on {@code (1, 20]}),
 * rather than the closed-form approximation {@code 1 + n / sum ln(k / (xMin - 0.5))}, which is off by a few
 * per cent for {@code xMin} below about 6. For larger {@code xMin} the two agree to about 1 %, so a profile
 * fitted with the approximation is comparable.
 *
 * <p>Candidates are the distinct counts of at least 1 that leave at least {@link #MIN_TAIL} users and two
 * distinct counts at or above them (a tail of a handful of users fits anything). Past {@link #MAX_CANDIDATES}
 * candidates (a long histogram) they are thinned to about that many on a geometric grid of values (the small
 * values, where the grid is finer than 1, all kept), so the search stays within seconds for any histogram.
 *
 * @param exponent      {@code a}, above 1
 * @param xMin          the smallest count the law describes
 * @param tailSize      users with at least {@code xMin}
 * @param ksDistance    the largest gap between the tail's empirical and fitted distribution functions
 * @param standardError {@code (a - 1) / sqrt(tailSize)}, the MLE's asymptotic standard error
 */
public record PowerLawFit(double exponent, long xMin, long tailSize, double ksDistance, double standardError) {
    public static final int MIN_TAIL = 50;
    public static final int MAX_CANDIDATES = 400;
    private static final double LOWEST = 1 + 1e-6;
    private static final double HIGHEST = 20;

    /** The fit of one count per user (counts of 0 are allowed and never in a tail); empty if no tail qualifies. */
    public static Optional<PowerLawFit> of(int[] counts) {
        int[] sorted = counts.clone();
        Arrays.sort(sorted);
        TreeMap<Long, Long> histogram = new TreeMap<>();
        for (int i = 0; i < sorted.length; ) {
            int j = i;
            while (j < sorted.length && sorted[j] == sorted[i]) {
                j++;
            }
            histogram.put((long) sorted[i], (long) (j - i));
            i = j;
        }
        return of(histogram);
    }

    /** The fit of a histogram: users per count; empty if no tail qualifies. */
    public static Optional<PowerLawFit> of(Map<Long, Long> usersByCount) {
        TreeMap<Long, Long> positive = new TreeMap<>();
        usersByCount.forEach((count, users) -> {
            if (count < 0 || users < 0) {
                throw new IllegalArgumentException("counts and users must be >= 0");
            }
            if (count > 0 && users > 0) {
                positive.merge(count, users, Long::sum);
            }
        });
        int d = positive.size();
        long[] values = new long[d];
        long[] users = new long[d];
        int at = 0;
        for (Map.Entry<Long, Long> e : positive.entrySet()) {
            values[at] = e.getKey();
            users[at++] = e.getValue();
        }
        // tail[i]: users at or above values[i]; logs[i]: their sum of ln k
        long[] tail = new long[d + 1];
        double[] logs = new double[d + 1];
        for (int i = d - 1; i >= 0; i--) {
            tail[i] = tail[i + 1] + users[i];
            logs[i] = logs[i + 1] + users[i] * Math.log(values[i]);
        }
        PowerLawFit best = null;
        for (int i : candidates(values, tail)) {
            double a = exponent(values[i], tail[i], logs[i]);
            double ks = ksDistance(values, tail, i, a);
            if (best == null || ks < best.ksDistance()) {
                best = new PowerLawFit(a, values[i], tail[i], ks, (a - 1) / Math.sqrt(tail[i]));
            }
        }
        return Optional.ofNullable(best);
    }

    /** Indices of the candidate {@code xMin}s, ascending. */
    private static int[] candidates(long[] values, long[] tail) {
        int last = -1; // the largest index with a big enough tail and a second distinct value above it
        for (int i = 0; i + 1 < values.length && tail[i] >= MIN_TAIL; i++) {
            last = i;
        }
        if (last < 0) {
            return new int[0];
        }
        if (last + 1 <= MAX_CANDIDATES) {
            int[] all = new int[last + 1];
            Arrays.setAll(all, i -> i);
            return all;
        }
        double ratio = Math.pow((double) values[last] / values[0], 1.0 / MAX_CANDIDATES);
        int[] kept = new int[last + 1];
        int count = 0;
        double next = 0;
        for (int i = 0; i <= last; i++) {
            if (values[i] >= next) {
                kept[count++] = i;
                next = values[i] * ratio;
            }
        }
        return Arrays.copyOf(kept, count);
    }

    /** The discrete MLE over the {@code n} counts at or above {@code xMin}, whose logarithms sum to {@code logs}. */
    static double exponent(long xMin, long n, double logs) {
        double meanLog = logs / n;
        double low = LOWEST;
        double high = HIGHEST;
        double golden = (Math.sqrt(5) - 1) / 2;
        double x1 = high - golden * (high - low);
        double x2 = low + golden * (high - low);
        double f1 = negativeLogLikelihood(x1, xMin, meanLog);
        double f2 = negativeLogLikelihood(x2, xMin, meanLog);
        while (high - low > 1e-9) {
            if (f1 <= f2) {
                high = x2;
                x2 = x1;
                f2 = f1;
                x1 = high - golden * (high - low);
                f1 = negativeLogLikelihood(x1, xMin, meanLog);
            } else {
                low = x1;
                x1 = x2;
                f1 = f2;
                x2 = low + golden * (high - low);
                f2 = negativeLogLikelihood(x2, xMin, meanLog);
            }
        }
        return (low + high) / 2;
    }

    /** Per count: {@code ln zeta(a, xMin) + a * mean ln k}. */
    private static double negativeLogLikelihood(double a, long xMin, double meanLog) {
        return Math.log(Zeta.hurwitz(a, xMin)) + a * meanLog;
    }

    /**
     * The Kolmogorov-Smirnov distance between the tail from {@code values[from]} and the law with exponent
     * {@code a} there. Both distribution functions are steps at integers; the data's only steps at the counts seen,
     * so the largest gap is at a count seen or just below one: comparing the probabilities of "at least k" at each
     * count seen and at the integer after it covers both.
     */
    private static double ksDistance(long[] values, long[] tail, int from, double a) {
        double n = tail[from];
        double norm = Zeta.hurwitz(a, values[from]);
        double largest = 0;
        double atLeast = 1; // the law's P(K >= values[j])
        for (int j = from; j < values.length; j++) {
            if (j > from) {
                atLeast = values[j] == values[j - 1] + 1 ? atLeast : Zeta.hurwitz(a, values[j]) / norm;
            }
            largest = Math.max(largest, Math.abs(tail[j] / n - atLeast));
            double aboveThis = atLeast - StrictMath.pow(values[j], -a) / norm; // P(K >= values[j] + 1)
            largest = Math.max(largest, Math.abs(tail[j + 1] / n - aboveThis));
            atLeast = aboveThis;
        }
        return largest;
    }
}
