package dev.widefeed.api;

/** Which comment to pin: a top-level comment of the post, by id. */
public record PinRequest(String commentId) {}
