package dev.widefeed.store.cassandra;

import com.codahale.metrics.MetricRegistry;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.widefeed.store.BoundedAsync;
import dev.widefeed.store.CommentStore;
import dev.widefeed.store.LikeStore;
import dev.widefeed.store.PostStore;
import dev.widefeed.store.RelationStore;
import dev.widefeed.store.Storage;
import dev.widefeed.store.TimedStores;
import dev.widefeed.store.UserStore;

import java.time.Clock;

/** The Cassandra backend: every store over one {@link CqlSession} bound to the service's keyspace. */
public final class CqlStorage implements Storage {
    private final CqlSession session;
    private final UserStore users;
    private final RelationStore relations;
    private final PostStore posts;
    private final LikeStore likes;
    private final CommentStore comments;

    public CqlStorage(CqlSession session, MetricRegistry metrics, int bucketSize, int maxInFlight) {
        this.session = session;
        CqlUserStore rawUsers = new CqlUserStore(session);
        ListBuckets buckets = new ListBuckets(session, "followers", bucketSize, Clock.systemUTC());
        BoundedAsync async = new BoundedAsync(maxInFlight);
        this.users = TimedStores.wrap(UserStore.class, rawUsers, backend(), metrics, CqlErrors::translate);
        this.relations = TimedStores.wrap(RelationStore.class,
                new CqlRelationStore(session, rawUsers, buckets, async), backend(), metrics, CqlErrors::translate);
        this.posts = TimedStores.wrap(PostStore.class, new CqlPostStore(session, bucketSize), backend(), metrics,
                CqlErrors::translate);
        this.likes = TimedStores.wrap(LikeStore.class, new CqlLikeStore(session, bucketSize), backend(), metrics,
                CqlErrors::translate);
        this.comments = TimedStores.wrap(CommentStore.class, new CqlCommentStore(session), backend(), metrics,
                CqlErrors::translate);
    }

    @Override
    public String backend() {
        return "cassandra";
    }

    @Override
    public UserStore users() {
        return users;
    }

    @Override
    public RelationStore relations() {
        return relations;
    }

    @Override
    public PostStore posts() {
        return posts;
    }

    @Override
    public LikeStore likes() {
        return likes;
    }

    @Override
    public CommentStore comments() {
        return comments;
    }

    @Override
    public void ping() {
        try {
            session.execute("SELECT release_version FROM system.local");
        } catch (RuntimeException e) {
            throw CqlErrors.translate(e);
        }
    }

    @Override
    public void close() {
        session.close();
    }
}
