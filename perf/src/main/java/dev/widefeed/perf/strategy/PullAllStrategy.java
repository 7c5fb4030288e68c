package dev.widefeed.perf.strategy;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import dev.widefeed.post.PostService;
import dev.widefeed.store.Storage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Pull at read time (Feeding Frenzy's pull-all): a post is written only to its author's list; a home read lists
 * everyone the reader follows (bounded by the following limit) and merges their newest posts.
 */
public final class PullAllStrategy implements FeedStrategy {
    private static final int PAGE = 1000;

    private final Storage storage;
    private final DirectPosts posts;
    private final PostService postService;
    private final AudienceFacts audiences;
    private final int maxFollowing;

    public PullAllStrategy(Storage storage, DirectPosts posts, PostService postService, AudienceFacts audiences,
                           int maxFollowing) {
        this.storage = storage;
        this.posts = posts;
        this.postService = postService;
        this.audiences = audiences;
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
    public void deliver(Post post) {
    }

    /** The page the product shows: without the authors the reader hid, as the service's home read drops them. */
    private List<PostDetails> withoutHidden(long user, List<PostDetails> page) {
        Set<Long> hidden = audiences.hiddenBy(user);
        return hidden.isEmpty() ? page : page.stream().filter(p -> !hidden.contains(p.post().authorId())).toList();
    }

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
                .flatMap(Collection::stream).sorted(Comparator.reverseOrder()).limit(limit).toList();
        return withoutHidden(user, postService.getAll(user, ids));
    }
}
