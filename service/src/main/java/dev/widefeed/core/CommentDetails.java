package dev.widefeed.core;

/** A comment with its counts, as the domain answers it. */
public record CommentDetails(Comment comment, CommentCounts counts) {
}
