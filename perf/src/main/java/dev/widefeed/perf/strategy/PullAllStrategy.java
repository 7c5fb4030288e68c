package dev.widefeed.perf.strategy;

import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import dev.widefeed.store.Storage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Pull at read time (Feeding Frenzy's pull-all): a post is written only to its author's list; a home read lists
 * everyone the reader follows (bounded by the following limit) and merges their newest posts.
 */
public final class PullAllStrategy implements FeedStrategy {
    private static final int PAGE = 1000;

    private final Storage storage;
    private final DirectPosts posts;
    private final ProductPage shown;
    private final int maxFollowing;

    public PullAllStrategy(Storage storage, DirectPosts posts, ProductPage shown, int maxFollowing) {
        this.storage = storage;
        this.posts = posts;
        this.shown = shown;
        this.maxFollowing = maxFollowing;
    }

    @Override
    public String name() {
        return "pull-all";
    }

    @Override
    public long post(long author, String content, Long sourceId) {
        return posts.publish(author, content, sourceId).id();
    }

    /** Nothing: the post is in its author's list, where home reads find it. */
    @Override
    public void deliver(Post post) {}

    @Override
    public List<PostDetails> home(long user, int limit) {
        List<Long> authors = new ArrayList<>();
        authors.add(user);
        Optional<FollowCursor> after = Optional.empty();
        while (authors.size() <= maxFollowing) {
            List<Follow> page = storage.relations().following(user, after, PAGE);
            page.forEach(f -> authors.add(f.userId()));
            if (page.size() < PAGE) {
                break;
            }
            after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
        }
        List<Long> ids = storage.posts().postIdsByAuthors(authors, Optional.empty(), limit).values().stream()
                .flatMap(Collection::stream)
                .sorted(Comparator.reverseOrder())
                .limit(limit)
                .toList();
        return shown.of(user, ids);
    }
}
