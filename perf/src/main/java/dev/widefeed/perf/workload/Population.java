package dev.widefeed.perf.workload;

import java.util.List;

/**
 * A generated population. Arrays are indexed by user. {@code followers[u]} is exactly the number of
 * follow edges into {@code u}; the weights are relative (unnormalised) rates.
 *
 * @param followers            follower count of each user
 * @param readWeight           relative activity: home and user-timeline reads, likes, comments, reposts, follows
 * @param postWeight           relative post rate
 * @param celebrities          follower counts given to users {@code 0, 1, ...} in that order
 * @param skippedCelebrities   requested celebrity counts that do not fit into the population
 */
public record Population(
        int[] followers,
        double[] readWeight,
        double[] postWeight,
        List<Integer> celebrities,
        List<Integer> skippedCelebrities) {

    public int users() {
        return followers.length;
    }

    public long edges() {
        long sum = 0;
        for (int f : followers) {
            sum += f;
        }
        return sum;
    }
}
