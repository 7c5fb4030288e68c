package dev.widefeed.post;

import dev.widefeed.kernel.DomainEvent;

/** What happens to posts, as {@link PostService} announces it. */
public sealed interface PostEvent extends DomainEvent {
    Post post();

    /** The post's id: the subject of every entry a post's change logs. */
    default long postId() {
        return post().id();
    }

    /** The post's author: the actor of every entry a post's change logs. */
    default long authorId() {
        return post().authorId();
    }

    /** An original post was written. */
    record Created(Post post) implements PostEvent {}

    /** A repost was written; {@code post().repostOf()} is its source. */
    record Reposted(Post post) implements PostEvent {}

    /** A post (original or repost) was deleted, by this request and no other. */
    record Deleted(Post post) implements PostEvent {}
}
