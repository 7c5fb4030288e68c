package dev.widefeed.comment;

/** A comment with its counts, as the domain answers it. */
public record CommentDetails(Comment comment, CommentCounts counts) {
}
