package dev.widefeed.perf.strategy;

import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import dev.widefeed.store.Storage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Push to everyone, at write time (Feeding Frenzy's push-all): the post is written into every follower's
 * home timeline, whether they ever read or not, before the request returns; a home read is one inbox page.
 */
public final class PushAllStrategy implements FeedStrategy {
    private static final int PAGE = 1000;

    private final Storage storage;
    private final DirectPosts posts;
    private final ProductPage shown;
    private final Duration entryTtl;

    public PushAllStrategy(Storage storage, DirectPosts posts, ProductPage shown, Duration entryTtl) {
        this.storage = storage;
        this.posts = posts;
        this.shown = shown;
        this.entryTtl = entryTtl;
    }

    @Override
    public String name() {
        return "push-all";
    }

    @Override
    public long post(long author, String content, Long sourceId) {
        Post post = posts.publish(author, content, sourceId);
        deliver(post);
        return post.id();
    }

    /** Into its author's home timeline and every follower's, a page of followers at a time. */
    @Override
    public void deliver(Post post) {
        TimelineEntry entry = TimelineEntry.of(post);
        storage.timelines().push(entry, List.of(post.authorId()), entryTtl);
        Optional<FollowCursor> after = Optional.empty();
        while (true) {
            List<Follow> page = storage.relations().followers(post.authorId(), after, PAGE);
            List<Long> followers = new ArrayList<>(page.size());
            page.forEach(f -> followers.add(f.userId()));
            if (!followers.isEmpty()) {
                storage.timelines().push(entry, followers, entryTtl);
            }
            if (page.size() < PAGE) {
                return;
            }
            after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
        }
    }

    @Override
    public List<PostDetails> home(long user, int limit) {
        List<Long> ids = storage.timelines().home(user, Optional.empty(), limit).stream()
                .map(TimelineEntry::postId)
                .toList();
        return shown.of(user, ids);
    }
}
