package dev.widefeed.notification;

import dev.widefeed.like.Like;
import dev.widefeed.like.LikeCursor;
import dev.widefeed.like.LikeEdge;
import dev.widefeed.like.LikeEvent;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostRows;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Likes, counted by minute: a like of a post tells the post's author; the post's likers list counts a minute. */
final class TalliedLikes implements TalliedSource {
    private final LikeStore likes;
    private final PostRows posts;

    /** @param posts where the post's author is read: the cache tier's rows (a post changes only by its delete) */
    TalliedLikes(LikeStore likes, PostRows posts) {
        this.likes = likes;
        this.posts = posts;
    }

    @Override
    public String family() {
        return NotificationSources.LIKE;
    }

    @Override
    public Set<NotificationKind> kinds() {
        return Set.of(NotificationKind.LIKE);
    }

    @Override
    public Optional<TalliedGroups.Known> carried(Object event) {
        return event instanceof LikeEvent.Liked liked
                ? Optional.of(TalliedGroups.Known.began(liked.postId(), liked.userId(), liked.at()))
                : Optional.empty();
    }

    @Override
    public TalliedGroups.Known truth(long postId, long userId) {
        LikeEdge e = likes.edge(postId, userId);
        return TalliedGroups.Known.ofVersion(postId, userId, e.liked(), e.likedAt(), e.version());
    }

    /** The post's author is told, and a liker counts once. */
    @Override
    public Optional<Placed> place(TalliedGroups.Known like) {
        return posts.find(like.subjectId())
                .map(Post::authorId)
                .map(author -> new Placed(author, NotificationKind.LIKE, like.subjectId(), like.actorId()));
    }

    @Override
    public Map<Long, Listed> listed(NotificationKind kind, long postId, Instant from, Instant to) {
        Map<Long, Listed> in = new HashMap<>();
        TalliedSource.between(
                        from,
                        to,
                        new LikeCursor(to, 0),
                        (after, size) -> likes.likers(postId, Optional.of(after), size),
                        Like::likedAt,
                        l -> new LikeCursor(l.likedAt(), l.userId()))
                .forEach(l -> in.put(l.userId(), new Listed(postId, l.userId(), l.likedAt())));
        return in;
    }
}
