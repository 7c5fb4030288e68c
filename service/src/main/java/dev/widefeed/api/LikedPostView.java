package dev.widefeed.api;

import dev.widefeed.like.Like;
import java.time.Instant;

/** One entry of the posts a user liked. */
public record LikedPostView(String postId, Instant likedAt) {
    public static LikedPostView of(Like like) {
        return new LikedPostView(Long.toString(like.postId()), like.likedAt());
    }
}
