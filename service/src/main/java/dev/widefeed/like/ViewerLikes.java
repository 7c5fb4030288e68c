package dev.widefeed.like;

import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.post.LikedPosts;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which of a page's posts the viewer likes, read from the viewer's own liked posts (docs/design.md, "Likes"), newest
 * first, instead of one truth row per post. A post is liked after it was written, so a like of any post on the page
 * is among the viewer's likes made since the page's oldest post was (its id says when; less {@link #SKEW}, since the
 * liking instance's clock may run behind the writing one's): one range read answers the page for a viewer who liked
 * fewer than {@link #PAGE} posts since then, which is nearly everyone. A viewer who liked more is read up to
 * {@link #MAX_PAGES} pages, and the posts still undecided are asked of their truth rows.
 */
public final class ViewerLikes implements LikedPosts {
    static final Duration SKEW = Duration.ofMinutes(1);
    /** Liked posts a read of the viewer's list takes. */
    public static final int PAGE = 100;

    public static final int MAX_PAGES = 3;

    private final LikeStore store;
    private final int page;
    private final int maxPages;

    /** @param page a page of the viewer's liked posts: {@link #PAGE}, and {@link #MAX_PAGES} of them at most */
    public ViewerLikes(LikeStore store, int page, int maxPages) {
        this.store = store;
        this.page = page;
        this.maxPages = maxPages;
    }

    @Override
    public Set<Long> likedAmong(long userId, Collection<Long> postIds) {
        Set<Long> wanted = new HashSet<>(postIds);
        Set<Long> liked = new HashSet<>();
        if (wanted.isEmpty()) {
            return liked;
        }
        Instant since = wanted.stream()
                .map(IdGenerator::timeOf)
                .min(Instant::compareTo)
                .orElseThrow()
                .minus(SKEW);
        Optional<LikeCursor> after = Optional.empty();
        for (int read = 0; read < maxPages; read++) {
            List<Like> likes = store.likedPosts(userId, after, page);
            for (Like like : likes) {
                if (like.likedAt().isBefore(since)) {
                    return liked;
                }
                if (wanted.contains(like.postId())) {
                    liked.add(like.postId());
                }
            }
            if (likes.size() < page) {
                return liked;
            }
            Like last = likes.get(likes.size() - 1);
            after = Optional.of(new LikeCursor(last.likedAt(), last.postId()));
        }
        wanted.removeAll(liked);
        liked.addAll(store.likedAmong(userId, wanted));
        return liked;
    }
}
