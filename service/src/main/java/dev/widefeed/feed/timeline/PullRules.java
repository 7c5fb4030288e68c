package dev.widefeed.feed.timeline;

import java.time.Duration;

/**
 * When an author is pulled by everyone instead of pushed, and how pulled authors' posts are cached
 * for read-time merges (docs/design.md, "Home timeline and fan-out").
 *
 * @param pullAbove       an author with more followers than this is pulled: their posts are never
 *                        written into inboxes, so a post costs the same whoever posts it
 * @param cachedPerAuthor newest post ids each instance keeps per pulled author
 * @param cacheRefresh    how long an instance's copy of a pulled author's newest posts is used before it
 *                        is read again: how late a post through another instance reaches this one's readers
 * @param cachedAuthors   pulled authors an instance keeps at most
 * @param perEdge         whether fan-out decides push or pull per edge of authors below the threshold
 * @param pushCost        what one inbox write costs, in store operations (the per-edge rule's weights)
 * @param pullCost        what merging one pulled author into one home read costs
 * @param rateHalfLife    how fast a reader's counted home reads fade: the read rate's memory
 */
public record PullRules(
        long pullAbove,
        int cachedPerAuthor,
        Duration cacheRefresh,
        long cachedAuthors,
        boolean perEdge,
        double pushCost,
        double pullCost,
        Duration rateHalfLife) {
    /** The defaults of the {@code feed.pull} configuration section. */
    public static final PullRules DEFAULT =
            new PullRules(200_000, 200, Duration.ofSeconds(1), 100_000, true, 1, 1, Duration.ofDays(1));

    public PullRules {
        if (pullAbove < 1
                || cachedPerAuthor < 1
                || cachedAuthors < 1
                || cacheRefresh.isNegative()
                || cacheRefresh.isZero()
                || rateHalfLife.isNegative()
                || rateHalfLife.isZero()) {
            throw new IllegalArgumentException("bad pull settings");
        }
        new DeliveryRule(pullAbove, pushCost, pullCost); // checks the costs
    }

    /** Pull above the threshold, per edge below it (if {@code perEdge}), with the default costs and half-life. */
    public PullRules(long pullAbove, int cachedPerAuthor, Duration cacheRefresh, long cachedAuthors) {
        this(
                pullAbove,
                cachedPerAuthor,
                cacheRefresh,
                cachedAuthors,
                DEFAULT.perEdge(),
                DEFAULT.pushCost(),
                DEFAULT.pullCost(),
                DEFAULT.rateHalfLife());
    }

    /** The per-edge rule with these costs. */
    public DeliveryRule edgeRule() {
        return new DeliveryRule(pullAbove, pushCost, pullCost);
    }

    /**
     * Whether an author with {@code followers} followers should be pulled, when they are now in
     * {@code mode}: pulled above the threshold, pushed again only below nine tenths of it, so an author
     * whose count wavers about the threshold does not walk their followers list back and forth.
     */
    public boolean pulls(long followers, AuthorDelivery.Mode mode) {
        if (mode == AuthorDelivery.Mode.PULLED || mode == AuthorDelivery.Mode.PULLING) {
            return followers >= pullAbove - pullAbove / 10;
        }
        return followers > pullAbove;
    }
}
