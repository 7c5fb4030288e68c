package dev.widefeed.feed;

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
 */
public record PullRules(long pullAbove, int cachedPerAuthor, Duration cacheRefresh, long cachedAuthors) {
    /** The defaults of the {@code feed.pull} configuration section. */
    public static final PullRules DEFAULT = new PullRules(200_000, 200, Duration.ofSeconds(1), 100_000);

    public PullRules {
        if (pullAbove < 1 || cachedPerAuthor < 1 || cachedAuthors < 1 || cacheRefresh.isNegative()
                || cacheRefresh.isZero()) {
            throw new IllegalArgumentException("bad pull settings");
        }
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
