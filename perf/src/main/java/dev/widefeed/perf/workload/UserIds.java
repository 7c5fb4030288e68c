package dev.widefeed.perf.workload;

import dev.widefeed.graph.Handle;

/**
 * Workload user {@code u} is store user {@code base + u}: the same for {@code load} and {@code replay} of one
 * workload, with no mapping file. The base depends on the seed, so workloads of different seeds loaded into one
 * store do not share users, and on a copy number, so one workload can be loaded several times side by side (the
 * {@code strategies} scenario gives each strategy its own copy). Ids stay far below the service's time-ordered ids.
 */
public record UserIds(long base) {
    /** Room for 2^26 (67 M) users per seed. */
    private static final int USER_BITS = 26;

    private static final int SEED_BITS = 12;

    public static UserIds forSeed(long seed) {
        return forSeed(seed, 0);
    }

    /** Copy {@code copy} (0..7) of the workload of {@code seed}. */
    public static UserIds forSeed(long seed, int copy) {
        if (copy < 0 || copy > 7) {
            throw new IllegalArgumentException("copy must be 0..7");
        }
        return new UserIds(
                ((1L + copy) << (USER_BITS + SEED_BITS + 2)) + (Math.floorMod(seed, 1L << SEED_BITS) << USER_BITS));
    }

    public long id(int user) {
        return base + user;
    }

    /** The handle the loader gives the workload's user {@code index}, which the replay's texts mention them by. */
    public static Handle handleOf(int index) {
        return new Handle("user" + index);
    }
}
