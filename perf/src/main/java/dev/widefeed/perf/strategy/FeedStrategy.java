package dev.widefeed.perf.strategy;

import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import java.util.List;

/**
 * How a post reaches its author's followers' home timelines, as the {@code strategies} scenario compares them:
 * what publishing costs and what reading the first home page costs. Everything else a workload does (likes,
 * comments, follows, user timelines) goes through the service's own code whatever the strategy.
 */
public interface FeedStrategy {
    String name();

    /** Publishes a post (a repost when {@code sourceId} is not null) and returns its id. */
    long post(long author, String content, Long sourceId);

    /**
     * Delivers a post of the population's history ({@link dev.widefeed.perf.load.PostHistory}), already
     * written, as this strategy delivered its posts when it was made.
     */
    void deliver(Post post);

    /** The first home page of {@code user}. */
    List<PostDetails> home(long user, int limit);
}
