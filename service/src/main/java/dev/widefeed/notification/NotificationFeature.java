package dev.widefeed.notification;

import dev.widefeed.audience.AudienceFeature;
import dev.widefeed.comment.CommentEvent;
import dev.widefeed.comment.CommentFeature;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.graph.FollowEvent;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.DomainEvent;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.like.LikeEvent;
import dev.widefeed.like.LikeFeature;
import dev.widefeed.post.PostEvent;
import dev.widefeed.post.PostFeature;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Notification groups, assembled. Every change that may notify is logged twice (docs/design.md, "Notifications"): a
 * guard entry before it, which the handler checks once the change must have landed, and a hint after it, worked at
 * once; both read the truth, so either is enough.
 */
public record NotificationFeature(NotificationService notifications) {
    /** Where a notification's sources are read: the features below, whose changes notify. */
    public record Sources(
            GraphFeature graph,
            AudienceFeature audience,
            PostFeature posts,
            LikeFeature likes,
            CommentFeature comments) {}

    public static NotificationFeature assemble(
            FeatureContext context, LogRoutes log, NotificationStore store, Sources from) {
        NotificationRules rules = NotificationRules.DEFAULT;
        PostFeature posts = from.posts();
        CommentFeature comments = from.comments();
        NotificationSources sources = new NotificationSources(
                posts.cache()::find,
                comments.cache()::find,
                comments.votes(),
                posts.access(),
                from.audience().facts(),
                rules,
                context.pageReads());
        TalliedGroups tallied = new TalliedGroups(
                List.of(
                        new TalliedLikes(from.likes().store(), posts.cache()::find),
                        new TalliedFollows(from.graph().relationStore()),
                        new TalliedComments(comments.cache()::find, comments.store(), posts.cache()::find)),
                log.log()::shardOf,
                from.audience().facts(),
                store,
                rules,
                context.clock(),
                context.pageReads());
        log.handle(new NotificationHandler(store, sources, tallied, rules, context.clock()).byKind());
        notify(log, LikeEvent.Liked.class, NotificationSources.LIKE, LikeEvent::postId, LikeEvent::userId);
        notify(log, LikeEvent.Unliked.class, NotificationSources.LIKE, LikeEvent::postId, LikeEvent::userId);
        notify(
                log,
                FollowEvent.Followed.class,
                NotificationSources.FOLLOW,
                FollowEvent::followeeId,
                FollowEvent::followerId);
        notify(
                log,
                FollowEvent.Unfollowed.class,
                NotificationSources.FOLLOW,
                FollowEvent::followeeId,
                FollowEvent::followerId);
        notify(
                log,
                CommentEvent.Commented.class,
                NotificationSources.COMMENT,
                CommentEvent::commentId,
                e -> e.comment().authorId());
        notify(
                log,
                CommentEvent.Replied.class,
                NotificationSources.COMMENT,
                CommentEvent::commentId,
                e -> e.reply().authorId());
        notify(
                log,
                CommentEvent.Deleted.class,
                NotificationSources.COMMENT,
                CommentEvent::commentId,
                e -> e.comment().authorId());
        notify(
                log,
                CommentEvent.Voted.class,
                NotificationSources.VOTE,
                CommentEvent::commentId,
                CommentEvent.Voted::userId);
        notify(log, PostEvent.Created.class, NotificationSources.POST, PostEvent::postId, PostEvent::authorId);
        notify(log, PostEvent.Reposted.class, NotificationSources.POST, PostEvent::postId, PostEvent::authorId);
        notify(log, PostEvent.Deleted.class, NotificationSources.POST, PostEvent::postId, PostEvent::authorId);
        return new NotificationFeature(new NotificationService(
                store,
                posts.store(),
                comments.store(),
                posts.access(),
                from.audience().facts(),
                rules,
                context.clock()));
    }

    private static <E extends DomainEvent> void notify(
            LogRoutes log, Class<E> type, String family, ToLongFunction<E> subject, ToLongFunction<E> actor) {
        log.guarded(type, NotificationHandler.kind(family), subject, actor);
    }
}
