package dev.widefeed.perf.results;

/**
 * The {@code fanout} scenario: one post of a synthetic author with {@code followers} followers, pushed through the
 * service's own fan-out workers, against the raw single-row insert ceiling of the same store in the same run.
 *
 * @param activeFollowers         followers who read recently (the rest are skipped, as in production)
 * @param ceilingInsertsPerSecond raw single-row home timeline inserts per second, pipelined, after a warm-up
 * @param fanoutRowsPerSecond     rows the fan-out delivered per second, from the post to its last page
 * @param mode                    the fan-out's mode ({@code push}, {@code hybrid}; {@code pull} pushes nothing)
 * @param followersPerSecond      followers the fan-out paged through per second, from its first page to its last:
 *                                the store reads every follower, active or not, and sends only the active
 */
public record FanoutResult(
        String backend,
        int followers,
        long activeFollowers,
        double ceilingInsertsPerSecond,
        double fanoutRowsPerSecond,
        double deliverySeconds,
        String mode,
        long pushed,
        double followersPerSecond) {
    public double fanoutOverCeiling() {
        return fanoutRowsPerSecond / ceilingInsertsPerSecond;
    }
}
