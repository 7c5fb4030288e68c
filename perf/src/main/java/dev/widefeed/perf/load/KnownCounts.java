package dev.widefeed.perf.load;

import dev.widefeed.graph.UserCounts;

/**
 * Each workload user's follower and following counts as the store holds them, as far as this load
 * knows: read before the edges go in, then raised by every edge the load imports (an import adds its
 * edges' counts). What is left between these and the workload's own counts is what a previous,
 * interrupted load left wrong.
 */
final class KnownCounts {
    private final long[] followers;
    private final long[] following;

    KnownCounts(int users) {
        followers = new long[users];
        following = new long[users];
    }

    /** Called from several threads, each for its own users. */
    void set(int user, UserCounts stored) {
        followers[user] = stored.followers();
        following[user] = stored.following();
    }

    void imported(int follower, int followee) {
        following[follower]++;
        followers[followee]++;
    }

    long followers(int user) {
        return followers[user];
    }

    long following(int user) {
        return following[user];
    }
}
