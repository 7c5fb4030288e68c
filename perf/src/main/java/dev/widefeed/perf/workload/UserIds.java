package dev.widefeed.perf.workload;

/**
 * Workload user {@code u} is store user {@code base + u}: the same for {@code load} and {@code replay} of one
 * workload, with no mapping file. The base depends on the seed, so workloads of different seeds loaded into one
 * store do not share users; ids stay far below the service's time-ordered ids.
 */
public record UserIds(long base) {
    /** Room for 2^26 (67 M) users per seed. */
    private static final int USER_BITS = 26;

    public static UserIds forSeed(long seed) {
        return new UserIds((1L << 40) + (Math.floorMod(seed, 1 << 12) << USER_BITS));
    }

    public long id(int user) {
        return base + user;
    }
}
