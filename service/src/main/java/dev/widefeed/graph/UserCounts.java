package dev.widefeed.graph;

/** A user's derived counts; also used as a delta when counts change. */
public record UserCounts(long posts, long followers, long following) {
    public static final UserCounts ZERO = new UserCounts(0, 0, 0);

    public static UserCounts followers(long delta) {
        return new UserCounts(0, delta, 0);
    }

    public static UserCounts following(long delta) {
        return new UserCounts(0, 0, delta);
    }

    public UserCounts plus(UserCounts other) {
        return new UserCounts(posts + other.posts, followers + other.followers, following + other.following);
    }

    public UserCounts minus(UserCounts other) {
        return new UserCounts(posts - other.posts, followers - other.followers, following - other.following);
    }

    public boolean isZero() {
        return posts == 0 && followers == 0 && following == 0;
    }
}
