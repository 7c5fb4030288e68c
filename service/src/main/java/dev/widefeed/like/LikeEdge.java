package dev.widefeed.like;

import dev.widefeed.kernel.VersionedEdge;
import java.time.Instant;

/**
 * One like's truth row (the key is post id + user id): a {@link VersionedEdge} whose version
 * doubles as the write timestamp of both copies (a post's likers, a user's liked posts).
 */
public record LikeEdge(long postId, long userId, boolean liked, Instant likedAt, long version)
        implements VersionedEdge<LikeEdge> {

    /** The state of a like that was never written. */
    public static LikeEdge absent(long postId, long userId) {
        return new LikeEdge(postId, userId, false, null, 0);
    }

    @Override
    public boolean on() {
        return liked;
    }

    @Override
    public Instant since() {
        return likedAt;
    }

    @Override
    public LikeEdge with(boolean on, Instant since, long version) {
        return new LikeEdge(postId, userId, on, since, version);
    }
}
