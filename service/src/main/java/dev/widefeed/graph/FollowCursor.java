package dev.widefeed.graph;

import java.time.Instant;

/**
 * Where a following/followers page ended: the (since, user id) of its last entry. Lists are ordered
 * by that pair descending, so the next page starts strictly below it, whatever was inserted since.
 */
public record FollowCursor(Instant since, long userId) {
    public static FollowCursor after(Follow last) {
        return new FollowCursor(last.since(), last.userId());
    }

    public static FollowCursor after(Follower last) {
        return new FollowCursor(last.since(), last.userId());
    }
}
