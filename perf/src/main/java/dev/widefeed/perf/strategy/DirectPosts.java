package dev.widefeed.perf.strategy;

import dev.widefeed.audience.Audience;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostType;
import dev.widefeed.store.Storage;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The writes every strategy makes for a post whatever its delivery: the post, its author's list and counters
 * (the service's post request without its fan-out task). The reference strategies build on it.
 */
public record DirectPosts(Storage storage, IdGenerator ids, Clock clock) {
    public Post publish(long author, String content, Long sourceId) {
        Post post = new Post(
                ids.next(),
                author,
                sourceId == null ? PostType.ORIGINAL : PostType.REPOST,
                content,
                clock.instant().truncatedTo(ChronoUnit.MILLIS),
                Audience.PUBLIC,
                Optional.ofNullable(sourceId));
        storage.posts().create(post);
        storage.users().addCounts(author, new UserCounts(1, 0, 0));
        if (sourceId != null) {
            storage.posts().addCounts(sourceId, PostCounts.repostAdded());
        }
        return post;
    }
}
