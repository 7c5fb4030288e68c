package dev.widefeed.store;

import dev.widefeed.audience.AudienceStore;
import dev.widefeed.comment.CommentStore;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.feed.TimelineStore;
import dev.widefeed.graph.RelationStore;
import dev.widefeed.graph.UserStore;
import dev.widefeed.like.LikeStore;
import dev.widefeed.post.PostStore;

/** A storage that also stops the embedded store it runs on (if any) when it is closed. */
final class ClosingStorage implements Storage {
    private final Storage storage;
    private final AutoCloseable embedded;

    ClosingStorage(Storage storage, AutoCloseable embedded) {
        this.storage = storage;
        this.embedded = embedded;
    }

    @Override
    public String backend() {
        return storage.backend();
    }

    @Override
    public UserStore users() {
        return storage.users();
    }

    @Override
    public RelationStore relations() {
        return storage.relations();
    }

    @Override
    public PostStore posts() {
        return storage.posts();
    }

    @Override
    public LikeStore likes() {
        return storage.likes();
    }

    @Override
    public CommentStore comments() {
        return storage.comments();
    }

    @Override
    public TimelineStore timelines() {
        return storage.timelines();
    }

    @Override
    public FanoutStore fanout() {
        return storage.fanout();
    }

    @Override
    public AudienceStore audiences() {
        return storage.audiences();
    }

    @Override
    public void ping() {
        storage.ping();
    }

    @Override
    public void close() {
        try {
            storage.close();
        } finally {
            if (embedded != null) {
                try {
                    embedded.close();
                } catch (Exception e) {
                    throw new IllegalStateException("could not stop the embedded store", e);
                }
            }
        }
    }
}
