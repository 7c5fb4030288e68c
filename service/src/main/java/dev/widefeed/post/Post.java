package dev.widefeed.post;

import dev.widefeed.audience.Audience;

import java.time.Instant;
import java.util.Optional;

/**
 * A post as stored: an original, or a repost naming its direct source. Its counts live apart
 * ({@link PostCounts}), since they change far more often than the post.
 */
public record Post(long id, long authorId, PostType type, String content, Instant createdAt, Audience audience,
                   Optional<Long> repostOf) {
    public Post {
        if ((type == PostType.REPOST) != repostOf.isPresent()) {
            throw new IllegalArgumentException("a repost, and only a repost, names its source");
        }
    }
}
