package dev.widefeed.post;

import java.util.Optional;

/**
 * An entry of an author's list of posts as the list itself says it (docs/design.md, "Posts and reposts"): the post,
 * and what it reposts, empty for an original. An entry written before the list said ({@code said} false) leaves that
 * to the post's own row.
 */
public record AuthorListEntry(long postId, Optional<Long> repostOf, boolean said) {
    public static AuthorListEntry original(long postId) {
        return new AuthorListEntry(postId, Optional.empty(), true);
    }

    public static AuthorListEntry repost(long postId, long sourceId) {
        return new AuthorListEntry(postId, Optional.of(sourceId), true);
    }

    public static AuthorListEntry unsaid(long postId) {
        return new AuthorListEntry(postId, Optional.empty(), false);
    }
}
