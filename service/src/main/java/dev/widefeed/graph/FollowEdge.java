package dev.widefeed.graph;

import dev.widefeed.kernel.VersionedEdge;
import java.time.Instant;

/**
 * The latest state of one follow edge as its truth row holds it: a {@link VersionedEdge} whose
 * version doubles as the write timestamp of both copies (followers and following).
 */
public record FollowEdge(long followerId, long followeeId, boolean following, Instant since, long version)
        implements VersionedEdge<FollowEdge> {

    /** Which edge: a follower and a followee. */
    public record Key(long followerId, long followeeId) {}

    public Key key() {
        return new Key(followerId, followeeId);
    }

    /** The state of an edge that was never written. */
    public static FollowEdge absent(long followerId, long followeeId) {
        return new FollowEdge(followerId, followeeId, false, null, 0);
    }

    @Override
    public boolean on() {
        return following;
    }

    @Override
    public FollowEdge with(boolean on, Instant since, long version) {
        return new FollowEdge(followerId, followeeId, on, since, version);
    }
}
