package dev.widefeed.perf.strategy;

import dev.widefeed.composition.Features;
import dev.widefeed.feed.fanout.FanoutTask;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import java.util.List;
import java.util.Optional;

/**
 * The service's own delivery: the post request records a fan-out task; workers push by tier (or leave an edge or
 * an author to be pulled); reads merge. {@code name} tells the service's settings it runs with apart.
 */
public record HybridStrategy(Features services, String name) implements FeedStrategy {
    public HybridStrategy(Features services) {
        this(services, "hybrid");
    }

    @Override
    public long post(long author, String content, Long sourceId) {
        return (sourceId == null
                        ? services.posts.posts().create(author, content, null)
                        : services.posts.posts().repost(author, sourceId, content, null))
                .post()
                .id();
    }

    /** The service's fan-out of the post, worked to its end in this thread, as a worker would work it. */
    @Override
    public void deliver(Post post) {
        services.feed
                .worker()
                .work(new FanoutTask(post.id(), post.authorId(), FanoutKind.DELIVER), Integer.MAX_VALUE, () -> true);
    }

    @Override
    public List<PostDetails> home(long user, int limit) {
        return services.feed.home().home(user, user, Optional.empty(), limit).items();
    }
}
