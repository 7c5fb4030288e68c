package dev.widefeed.post;

/**
 * A post's counters (docs/design.md, Counters): {@code comments} and {@code reposts} count live ones and go down on
 * delete; {@code commentsEver} and {@code repostsEver} only grow. Also used as a delta.
 */
public record PostCounts(long likes, long comments, long commentsEver, long reposts, long repostsEver) {
    public static final PostCounts ZERO = new PostCounts(0, 0, 0, 0, 0);

    public static PostCounts likes(long delta) {
        return new PostCounts(delta, 0, 0, 0, 0);
    }

    public static PostCounts commentAdded() {
        return new PostCounts(0, 1, 1, 0, 0);
    }

    public static PostCounts commentRemoved() {
        return new PostCounts(0, -1, 0, 0, 0);
    }

    public static PostCounts repostAdded() {
        return new PostCounts(0, 0, 0, 1, 1);
    }

    public static PostCounts repostRemoved() {
        return new PostCounts(0, 0, 0, -1, 0);
    }

    public PostCounts plus(PostCounts other) {
        return new PostCounts(
                likes + other.likes,
                comments + other.comments,
                commentsEver + other.commentsEver,
                reposts + other.reposts,
                repostsEver + other.repostsEver);
    }

    public PostCounts minus(PostCounts other) {
        return new PostCounts(
                likes - other.likes,
                comments - other.comments,
                commentsEver - other.commentsEver,
                reposts - other.reposts,
                repostsEver - other.repostsEver);
    }

    public boolean isZero() {
        return equals(ZERO);
    }
}
