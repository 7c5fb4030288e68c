package dev.widefeed.store;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.comment.CommentStore;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.feed.TimelineStore;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserStore;
import dev.widefeed.kernel.StoreException;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostStore;

/**
 * One backend's set of stores, one per aggregate, sharing one client connection. Closing it
 * closes that connection.
 */
public interface Storage extends AutoCloseable {
    String backend();

    UserStore users();

    RelationStore relations();

    PostStore posts();

    LikeStore likes();

    CommentStore comments();

    TimelineStore timelines();

    FanoutStore fanout();

    AudienceStore audiences();

    /** Throws a {@link StoreException} if the store cannot serve a trivial read now. */
    void ping();

    @Override
    void close();
}
