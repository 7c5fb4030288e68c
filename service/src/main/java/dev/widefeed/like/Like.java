package dev.widefeed.like;

import java.time.Instant;

/** One like: who liked which post, and when. */
public record Like(long postId, long userId, Instant likedAt) {}
