package dev.widefeed.api;

/** The answer to a like or unlike: the state the request left, and the post's like count. */
public record LikeView(boolean liked, long likes) {}
