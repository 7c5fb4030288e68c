package dev.widefeed.feed.timeline;

import dev.widefeed.post.Post;

/**
 * One entry of a home timeline: a pointer to a post plus what the read path filters on before it
 * loads any post (the author, for unfollows, blocks and mutes; the repost's source, to collapse
 * several reposts of one post), never the content, which would go stale on every edit or delete.
 * {@code sourceId} is 0 for an original post.
 */
public record TimelineEntry(long postId, long authorId, long sourceId) {
    public TimelineEntry {
        if (postId <= 0 || authorId <= 0 || sourceId < 0) {
            throw new IllegalArgumentException("post and author ids must be positive, the source id 0 or positive");
        }
    }

    /** The entry that points at {@code post}. */
    public static TimelineEntry of(Post post) {
        return new TimelineEntry(post.id(), post.authorId(), post.repostOf().orElse(0L));
    }
}
