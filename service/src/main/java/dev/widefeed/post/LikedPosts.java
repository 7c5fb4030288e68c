package dev.widefeed.post;

import java.util.Collection;
import java.util.Set;

/** Which of some posts a user likes: what a post's {@code likedByMe} needs, answered by the likes feature's store. */
@FunctionalInterface
public interface LikedPosts {
    /** Concurrent point reads, never one after another. */
    Set<Long> likedAmong(long userId, Collection<Long> postIds);
}
