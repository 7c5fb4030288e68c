package dev.widefeed.api;

/** The body of a new comment: content (1..2000 characters, the domain's rule: 422) and, for a reply, the comment answered. */
public record CommentRequest(String content, String replyTo) {}
