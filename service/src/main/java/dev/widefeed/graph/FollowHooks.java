package dev.widefeed.graph;

/** What a follow or unfollow sets going besides the graph itself: the home timeline's backfill and cleanup. */
public interface FollowHooks {
    /** Called after {@code me} started following {@code followee}. Must not throw for a store failure. */
    void followed(long me, long followee);

    /** Called after {@code me} stopped following {@code followee}. Must not throw for a store failure. */
    void unfollowed(long me, long followee);

    FollowHooks NONE = new FollowHooks() {
        @Override
        public void followed(long me, long followee) {
        }

        @Override
        public void unfollowed(long me, long followee) {
        }
    };
}
