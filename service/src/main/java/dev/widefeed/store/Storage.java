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
import dev.widefeed.export.TableScanStore;
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
 * One backend's set of stores, one per aggregate, sharing one client connection. Closing it
 * closes that connection.
 */
public interface Storage extends AutoCloseable {
    String backend();

    Stores stores();

    /** Throws a {@link dev.widefeed.kernel.StoreException} if the store cannot serve a trivial read now. */
    void ping();

    @Override
    void close();

    /** Whole-table scans, a split and a page at a time, for exports. */
    TableScanStore tableScans();

    /**
     * This storage with every store passed through {@code decorator}, over the same connection and
     * ping; closing it closes nothing, since the connection stays this storage's.
     */
    default Storage decorated(Stores.Decorator decorator) {
        return DerivedStorage.decorated(this, stores().map(decorator));
    }

    default UserStore users() {
        return stores().users();
    }

    default RelationStore relations() {
        return stores().relations();
    }

    default PostStore posts() {
        return stores().posts();
    }

    default LikeStore likes() {
        return stores().likes();
    }

    default CommentStore comments() {
        return stores().comments();
    }

    default CommentVoteStore commentVotes() {
        return stores().commentVotes();
    }

    default HotCommentStore hotComments() {
        return stores().hotComments();
    }

    default TimelineStore timelines() {
        return stores().timelines();
    }

    default FanoutStore fanout() {
        return stores().fanout();
    }

    default AudienceStore audiences() {
        return stores().audiences();
    }

    default EventLogStore eventLog() {
        return stores().eventLog();
    }

    default NotificationStore notifications() {
        return stores().notifications();
    }

    default TextIndexStore textIndex() {
        return stores().textIndex();
    }

    default DirectoryStore directory() {
        return stores().directory();
    }

    default AccountStore accounts() {
        return stores().accounts();
    }

    default UserRowsStore userRows() {
        return stores().userRows();
    }

    default InvalidationStore invalidations() {
        return stores().invalidations();
    }

    default IdempotencyStore idempotency() {
        return stores().idempotency();
    }
}
