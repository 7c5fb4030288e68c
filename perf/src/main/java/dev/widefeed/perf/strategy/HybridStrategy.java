package dev.widefeed.perf.strategy;

import dev.widefeed.Services;
import dev.widefeed.post.PostDetails;

import java.util.List;
import java.util.Optional;

/** The service's own delivery: the post request records a fan-out task; workers push by tier; reads merge. */
public record HybridStrategy(Services services) implements FeedStrategy {
    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    public long post(long author, String content, Long sourceId) {
        return (sourceId == null ? services.posts().create(author, content, null)
                : services.posts().repost(author, sourceId, content, null)).post().id();
    }

    @Override
    public List<PostDetails> home(long user, int limit) {
        return services.home().home(user, user, Optional.empty(), limit).items();
    }
}
