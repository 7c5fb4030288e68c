package dev.widefeed.stats;

/**
 * The Hurwitz zeta function {@code zeta(s, q) = sum over k >= 0 of (q + k)^-s}, for {@code s > 1} and {@code q > 0}:
 * the normalising constant of a discrete power law starting at {@code q}, so {@code zeta(s, k) / zeta(s, xMin)} is
 * its probability of a value of at least {@code k}.
 *
 * <p>Euler-Maclaurin summation: the first terms directly until {@code q + n} is past {@code max(10, 2s)}, then the
 * integral of the rest, half its first term and seven Bernoulli corrections. Past that point the corrections fall
 * off fast enough for close to double precision (about 1e-15 relative for {@code s} up to 20).
 */
final class Zeta {
    /** {@code B_2j / (2j)!} for j = 1..7. */
    private static final double[] BERNOULLI = {
        1.0 / 12,
        -1.0 / 720,
        1.0 / 30_240,
        -1.0 / 1_209_600,
        1.0 / 47_900_160,
        -691.0 / 1_307_674_368_000.0,
        1.0 / 74_724_249_600.0,
    };

    private Zeta() {}

    static double hurwitz(double s, double q) {
        if (!(s > 1) || !(q > 0)) {
            throw new IllegalArgumentException("zeta(s, q) needs s > 1 and q > 0, got s=" + s + ", q=" + q);
        }
        double sum = 0;
        double x = q;
        double start = Math.max(10, 2 * s);
        while (x < start) {
            sum += StrictMath.pow(x, -s);
            x += 1;
        }
        double power = StrictMath.pow(x, -s); // x^-s
        sum += x * power / (s - 1) + power / 2;
        double rising = s; // s (s+1) ... (s+2j-2)
        double term = power / x; // x^(-s-2j+1)
        double inverseSquare = 1 / (x * x);
        for (int j = 0; j < BERNOULLI.length; j++) {
            sum += BERNOULLI[j] * rising * term;
            rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
            term *= inverseSquare;
        }
        return sum;
    }
}
