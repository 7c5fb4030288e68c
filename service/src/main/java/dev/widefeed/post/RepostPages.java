package dev.widefeed.post;

import dev.widefeed.kernel.DomainException;

/**
 * Fixed pages of a post's reposts (docs/design.md, "Posts and reposts"): a repost goes onto the page its source's
 * {@code repostsEver} names when it is written, (repostsEver / 20) + 1, and stays there. Pages never shift as reposts
 * come and go: a deleted repost leaves its page one short, and reposts written at the same moment may read the same
 * count and share a page, which then holds a few more than 20.
 */
public final class RepostPages {
    public static final int PAGE_SIZE = 20;

    private RepostPages() {}

    /** The page a repost goes onto when its source had {@code repostsEver} reposts before it. */
    public static int pageFor(long repostsEver) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, repostsEver) / PAGE_SIZE + 1);
    }

    /** How many pages {@code repostsEver} reposts fill. */
    public static long pages(long repostsEver) {
        return (Math.max(0, repostsEver) + PAGE_SIZE - 1) / PAGE_SIZE;
    }

    static void check(int page) {
        if (page < 1) {
            throw DomainException.invalid("page must be 1 or more");
        }
    }
}
