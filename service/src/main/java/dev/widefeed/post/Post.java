package dev.widefeed.post;

import dev.widefeed.audience.Audience;
import dev.widefeed.graph.Handle;
import dev.widefeed.mention.Mention;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A post as stored: an original, or a repost naming its direct source and the original its chain of reposts
 * leads to ({@code root}: the direct source itself for a repost of an original). Its counts live apart
 * ({@link PostCounts}), since they change far more often than the post. {@code mentions}: the handles its
 * text names that were held when it was written, and by whom (docs/design.md, "Mentions and topics"); a
 * handle nobody held stays plain text.
 */
public record Post(
        long id,
        long authorId,
        PostType type,
        String content,
        Instant createdAt,
        Audience audience,
        Optional<Long> repostOf,
        Map<Handle, Long> mentions,
        Optional<Long> root) {
    public Post {
        if ((type == PostType.REPOST) != repostOf.isPresent() || repostOf.isPresent() != root.isPresent()) {
            throw new IllegalArgumentException("a repost, and only a repost, names its source and root");
        }
        mentions = Map.copyOf(mentions);
    }

    /** A post whose root is its direct source (an original, or a repost of one). */
    public Post(
            long id,
            long authorId,
            PostType type,
            String content,
            Instant createdAt,
            Audience audience,
            Optional<Long> repostOf,
            Map<Handle, Long> mentions) {
        this(id, authorId, type, content, createdAt, audience, repostOf, mentions, repostOf);
    }

    /** A post that mentions nobody. */
    public Post(
            long id,
            long authorId,
            PostType type,
            String content,
            Instant createdAt,
            Audience audience,
            Optional<Long> repostOf) {
        this(id, authorId, type, content, createdAt, audience, repostOf, Map.of());
    }

    /** The original that reposting this post leads to: its own root, or itself if it is an original. */
    public long rootOrSelf() {
        return root.orElse(id);
    }

    /** The mentions of its text that name a user, in order, with their places. */
    public List<Mention> mentioned() {
        return Mention.resolved(content, mentions);
    }
}
