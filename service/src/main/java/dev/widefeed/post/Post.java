package dev.widefeed.post;

import dev.widefeed.audience.Audience;
import dev.widefeed.graph.Handle;
import dev.widefeed.mention.Mention;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A post as stored: an original, or a repost naming its direct source. Its counts live apart
 * ({@link PostCounts}), since they change far more often than the post. {@code mentions}: the handles its
 * text names that were held when it was written, and by whom (docs/design.md, "Mentions and topics"); a
 * handle nobody held stays plain text.
 */
public record Post(long id, long authorId, PostType type, String content, Instant createdAt, Audience audience,
                   Optional<Long> repostOf, Map<Handle, Long> mentions) {
    public Post {
        if ((type == PostType.REPOST) != repostOf.isPresent()) {
            throw new IllegalArgumentException("a repost, and only a repost, names its source");
        }
        mentions = Map.copyOf(mentions);
    }

    /** A post that mentions nobody. */
    public Post(long id, long authorId, PostType type, String content, Instant createdAt, Audience audience,
                Optional<Long> repostOf) {
        this(id, authorId, type, content, createdAt, audience, repostOf, Map.of());
    }

    /** The mentions of its text that name a user, in order, with their places. */
    public List<Mention> mentioned() {
        return Mention.resolved(content, mentions);
    }
}
