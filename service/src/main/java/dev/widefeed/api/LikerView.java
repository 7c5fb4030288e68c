package dev.widefeed.api;

import dev.widefeed.like.Like;
import java.time.Instant;

/** One entry of a post's likers. */
public record LikerView(String userId, Instant likedAt) {
    public static LikerView of(Like like) {
        return new LikerView(Long.toString(like.userId()), like.likedAt());
    }
}
