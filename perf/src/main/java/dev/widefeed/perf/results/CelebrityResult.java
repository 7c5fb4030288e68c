package dev.widefeed.perf.results;

import java.util.List;

/**
 * The {@code celebrity} scenario: a post by an author with {@code followers} followers on top of background load,
 * in one run with the raw insert ceiling of the same store.
 *
 * @param ceilingInsertsPerSecond raw single-row home timeline inserts per second, pipelined as fan-out sends them
 *                                (the higher of the store's insert limits), measured in this run
 * @param fanoutRowsPerSecond     rows the service's fan-out delivered per second for the celebrity's post
 * @param postRequestMs           p99 of the celebrity's post requests (delivery runs outside them)
 * @param smallAuthorPostMs       p99 of a 10-follower author's post requests, same run, same background
 * @param completion              delivered rows by seconds since the post: the fan-out completion curve
 * @param before                  background load before the post
 * @param during                  background load while the fan-out ran
 * @param reach                   how long the post took to show on sampled active followers' home pages
 */
public record CelebrityResult(
        String backend,
        int followers,
        long activeFollowers,
        double backgroundRate,
        double ceilingInsertsPerSecond,
        double fanoutRowsPerSecond,
        double deliverySeconds,
        double postRequestMs,
        double smallAuthorPostMs,
        List<ReplayResult.TierDelay> tiers,
        List<CompletionPoint> completion,
        ReplayResult before,
        ReplayResult during,
        Reach reach) {

    public record CompletionPoint(double seconds, long delivered) {}

    /**
     * Milliseconds from the post request's start until a sampled follower's first home page showed the post.
     *
     * @param sampled active followers whose home pages were read
     * @param reached those whose page showed the post before the probe gave up
     */
    public record Reach(int sampled, long reached, double p50Ms, double p99Ms, double maxMs) {
        public static final Reach NOT_MEASURED = new Reach(0, 0, 0, 0, 0);
    }

    public CelebrityResult {
        reach = reach == null ? Reach.NOT_MEASURED : reach;
    }

    public double fanoutOverCeiling() {
        return fanoutRowsPerSecond / ceilingInsertsPerSecond;
    }

    public double postLatencyRatio() {
        return postRequestMs / smallAuthorPostMs;
    }
}
