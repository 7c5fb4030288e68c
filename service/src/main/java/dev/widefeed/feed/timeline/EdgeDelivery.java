package dev.widefeed.feed.timeline;

import java.time.Instant;

/**
 * What fan-out last decided for one follow edge of an author below the pull threshold
 * (docs/design.md, "Home timeline and fan-out"): {@code pulled}, the follower pulls the author and
 * gets no push; else pushed again. The decision is for the follow that began at {@code followSince}:
 * after an unfollow and a new follow, it no longer applies.
 *
 * @param switchId the post id the decision took effect at: after a switch back to push, the follower
 *                 pulls the author's posts at and below it, and every later post is pushed
 */
public record EdgeDelivery(long followerId, Instant followSince, boolean pulled, long switchId) {
    public EdgeDelivery {
        if (followerId <= 0 || followSince == null || switchId < 0) {
            throw new IllegalArgumentException("bad edge delivery");
        }
    }

    /** Whether this decision is about the follow that began at {@code since}. */
    public boolean appliesTo(Instant since) {
        return followSince.equals(since);
    }

    /**
     * Whether the follow that began at {@code since} is pulled, by its edge's last decision ({@code null}:
     * none): a decision about an older follow of the same pair leaves it pushed.
     */
    public static boolean pulls(EdgeDelivery decided, Instant since) {
        return decided != null && decided.pulled() && decided.appliesTo(since);
    }
}
