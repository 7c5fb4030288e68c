package dev.widefeed.perf.results;

import java.util.List;

/**
 * The {@code celebrity} scenario: a post by an author with {@code followers} followers on top of background load,
 * in one run with the raw insert ceiling of the same store.
 *
 * @param ceilingInsertsPerSecond raw single-row home timeline inserts per second, pipelined as fan-out sends them
 *                                (the higher of the store's insert limits), measured in this run
 * @param fanoutRowsPerSecond     rows the service's fan-out delivered per second for the celebrity's post
 * @param postRequestMs           the celebrity's post request (delivery runs outside it)
 * @param smallAuthorPostMs       a 10-follower author's post request, same run, same background
 * @param completion              delivered rows by seconds since the post: the fan-out completion curve
 * @param before                  background load before the post
 * @param during                  background load while the fan-out ran
 */
public record CelebrityResult(String backend, int followers, long activeFollowers, double backgroundRate,
                              double ceilingInsertsPerSecond, double fanoutRowsPerSecond, double deliverySeconds,
                              double postRequestMs, double smallAuthorPostMs, List<ReplayResult.TierDelay> tiers,
                              List<CompletionPoint> completion, ReplayResult before, ReplayResult during) {

    public record CompletionPoint(double seconds, long delivered) {
    }

    public double fanoutOverCeiling() {
        return fanoutRowsPerSecond / ceilingInsertsPerSecond;
    }

    public double postLatencyRatio() {
        return postRequestMs / smallAuthorPostMs;
    }
}
