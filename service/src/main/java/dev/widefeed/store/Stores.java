package dev.widefeed.store;

import dev.widefeed.account.AccountStore;
import dev.widefeed.audience.AudienceStore;
import dev.widefeed.cache.InvalidationStore;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.directory.DirectoryStore;
import dev.widefeed.erasure.UserRowsStore;
import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserStore;
import dev.widefeed.idempotency.IdempotencyStore;
import dev.widefeed.like.LikeStore;
import dev.widefeed.notification.NotificationStore;
import dev.widefeed.post.PostStore;
import dev.widefeed.textindex.TextIndexStore;

/**
 * One backend's adapters, one per aggregate: the only list of every store interface (with
 * {@link Storage}'s accessors). Whatever wraps every store (timing and error translation, perf's
 * counting) does it through {@link #map}, so adding a store interface changes this record, not them.
 */
public record Stores(
        UserStore users,
        RelationStore relations,
        PostStore posts,
        LikeStore likes,
        CommentStore comments,
        CommentVoteStore commentVotes,
        HotCommentStore hotComments,
        TimelineStore timelines,
        FanoutStore fanout,
        AudienceStore audiences,
        EventLogStore eventLog,
        NotificationStore notifications,
        TextIndexStore textIndex,
        DirectoryStore directory,
        AccountStore accounts,
        IdempotencyStore idempotency,
        UserRowsStore userRows,
        InvalidationStore invalidations) {

    /** Wraps one store, knowing only the interface it is served under. */
    public interface Decorator {
        <T> T wrap(Class<T> type, T store);
    }

    /** Every store passed through {@code decorator}. */
    public Stores map(Decorator decorator) {
        return new Stores(
                decorator.wrap(UserStore.class, users),
                decorator.wrap(RelationStore.class, relations),
                decorator.wrap(PostStore.class, posts),
                decorator.wrap(LikeStore.class, likes),
                decorator.wrap(CommentStore.class, comments),
                decorator.wrap(CommentVoteStore.class, commentVotes),
                decorator.wrap(HotCommentStore.class, hotComments),
                decorator.wrap(TimelineStore.class, timelines),
                decorator.wrap(FanoutStore.class, fanout),
                decorator.wrap(AudienceStore.class, audiences),
                decorator.wrap(EventLogStore.class, eventLog),
                decorator.wrap(NotificationStore.class, notifications),
                decorator.wrap(TextIndexStore.class, textIndex),
                decorator.wrap(DirectoryStore.class, directory),
                decorator.wrap(AccountStore.class, accounts),
                decorator.wrap(IdempotencyStore.class, idempotency),
                decorator.wrap(UserRowsStore.class, userRows),
                decorator.wrap(InvalidationStore.class, invalidations));
    }
}
