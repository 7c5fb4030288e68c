package dev.widefeed.textindex;

/**
 * A text that names a user: a post (or repost), or a comment ({@code postId} the post it is on; for a post, itself),
 * by {@code authorId}. Ids are time-ordered, so a user's mentions list newest first by {@code itemId}.
 */
public record MentionEntry(long itemId, Kind kind, long postId, long authorId) {
    public enum Kind {
        POST,
        COMMENT
    }
}
