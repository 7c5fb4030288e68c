package dev.widefeed.feed.timeline;

import dev.widefeed.kernel.IdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Push or pull, decided per follow edge by cost, after Silberstein et al., "Feeding Frenzy"
 * (SIGMOD 2010). Pushing an author's posts to a follower costs one inbox write per post; pulling
 * them costs that follower's every home read a merge of the author's recent posts. So the edge is
 * pushed when the author's posts a day times the cost of a push is below the follower's reads a day
 * times the cost of a pull, and pulled otherwise: each edge pays the cheaper of the two. An author
 * with more than {@code pullAbove} followers is pulled by everyone, whatever the rates: their posts
 * are never written into inboxes, so a post costs the same whoever posts it.
 *
 * @param pushCost what one inbox write costs, in store operations
 * @param pullCost what merging one pulled author into one home read costs, in store operations
 */
public record DeliveryRule(long pullAbove, double pushCost, double pullCost) {

    /** How an edge's posts reach the follower's home timeline. */
    public enum Delivery {
        /** Written into the follower's inbox by fan-out. */
        PUSH,
        /** Merged into the follower's home pages at read time. */
        PULL
    }

    /** Posts an author must have before their posts a day count. */
    static final int RATE_EVIDENCE = 5;
    /** How much cheaper the other way must be before an edge switches. */
    static final double BAND = 0.25;

    public DeliveryRule {
        if (pullAbove < 0
                || !(pushCost > 0)
                || !(pullCost > 0)
                || Double.isInfinite(pushCost)
                || Double.isInfinite(pullCost)) {
            throw new IllegalArgumentException("a non-negative threshold and positive, finite costs");
        }
    }

    /** Whether an author with {@code followers} followers is pulled by all of them. */
    public boolean pulledByEveryone(long followers) {
        return followers > pullAbove;
    }

    /**
     * The choice for one edge. A follower who does not read pays nothing for a pull, so is pulled; an
     * author who has not posted lately costs nothing to push, so is pushed to anyone who reads.
     */
    public Delivery choose(long authorFollowers, double authorPostsPerDay, double followerReadsPerDay) {
        if (authorPostsPerDay < 0 || followerReadsPerDay < 0) {
            throw new IllegalArgumentException("rates are not negative");
        }
        if (pulledByEveryone(authorFollowers) || followerReadsPerDay == 0) {
            return Delivery.PULL;
        }
        return authorPostsPerDay * pushCost <= followerReadsPerDay * pullCost ? Delivery.PUSH : Delivery.PULL;
    }

    /**
     * The choice for an edge that is now {@code current}: it switches only when the other way is
     * cheaper by more than a quarter, so rates that waver about the break-even point do not flip the
     * edge (two writes a flip) at every post.
     */
    public Delivery keepOrSwitch(
            Delivery current, long authorFollowers, double authorPostsPerDay, double followerReadsPerDay) {
        Delivery plain = choose(authorFollowers, authorPostsPerDay, followerReadsPerDay);
        if (plain == current || pulledByEveryone(authorFollowers) || followerReadsPerDay == 0) {
            return plain;
        }
        double push = authorPostsPerDay * pushCost;
        double pull = followerReadsPerDay * pullCost;
        boolean clearly = current == Delivery.PUSH ? push > pull * (1 + BAND) : push * (1 + BAND) < pull;
        return clearly ? plain : current;
    }

    /**
     * An author's posts a day from their newest post ids ({@code asked} were asked for, newest first;
     * ids tell when they were made): their count over the time since the oldest of them, but over at
     * least a day when the author has fewer than that many posts, and at least an hour otherwise. Fewer
     * than {@link #RATE_EVIDENCE} posts are not a rate yet: such an author counts as quiet (pushed to
     * anyone who reads), so a new author's first posts do not switch their readers' edges.
     */
    public static double postsPerDay(List<Long> newestIds, int asked, Instant now) {
        if (newestIds.size() < Math.min(RATE_EVIDENCE, asked)) {
            return 0;
        }
        Duration floor = newestIds.size() < asked ? Duration.ofDays(1) : Duration.ofHours(1);
        Duration span = Duration.between(IdGenerator.timeOf(newestIds.get(newestIds.size() - 1)), now);
        Duration window = span.compareTo(floor) < 0 ? floor : span;
        return newestIds.size() * (double) Duration.ofDays(1).toMillis() / window.toMillis();
    }
}
