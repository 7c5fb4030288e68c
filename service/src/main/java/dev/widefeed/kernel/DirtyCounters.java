package dev.widefeed.kernel;

/**
 * Where counters that may be off are named, so a background recount settles them within minutes
 * without anyone running a command (docs/design.md, "Counters that heal"): a counter update that
 * failed or whose outcome is unknown, a change whose own outcome is unknown (it may have applied and
 * never been counted), a recount that found its counter moving. Counters are named by the object
 * whose recount settles them: a post (its likes, comments, replies, votes and reposts) or a user
 * (their posts, followers and following). Marking never throws: it is called on paths that must
 * not fail because of it.
 */
public interface DirtyCounters {
    DirtyCounters NONE = new DirtyCounters() {
        @Override
        public void post(long postId) {}

        @Override
        public void user(long userId) {}
    };

    void post(long postId);

    void user(long userId);
}
