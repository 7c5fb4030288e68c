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
import com.codahale.metrics.MetricRegistry;

import java.util.function.Function;

/**
 * What every backend's {@link Storage} shares: its adapters, each wrapped by {@link TimedStores}
 * so that both backends time their operations and translate their errors alike.
 */
public abstract class TimedStorage implements Storage {
    private final String backend;
    private final Stores stores;

    protected TimedStorage(String backend, Stores adapters, MetricRegistry metrics,
                           Function<RuntimeException, StoreException> translate) {
        this.backend = backend;
        this.stores = new Stores(
                TimedStores.wrap(UserStore.class, adapters.users(), backend, metrics, translate),
                TimedStores.wrap(RelationStore.class, adapters.relations(), backend, metrics, translate),
                TimedStores.wrap(PostStore.class, adapters.posts(), backend, metrics, translate),
                TimedStores.wrap(LikeStore.class, adapters.likes(), backend, metrics, translate),
                TimedStores.wrap(CommentStore.class, adapters.comments(), backend, metrics, translate),
                TimedStores.wrap(TimelineStore.class, adapters.timelines(), backend, metrics, translate),
                TimedStores.wrap(FanoutStore.class, adapters.fanout(), backend, metrics, translate),
                TimedStores.wrap(AudienceStore.class, adapters.audiences(), backend, metrics, translate));
    }

    @Override
    public String backend() {
        return backend;
    }

    @Override
    public UserStore users() {
        return stores.users();
    }

    @Override
    public RelationStore relations() {
        return stores.relations();
    }

    @Override
    public PostStore posts() {
        return stores.posts();
    }

    @Override
    public LikeStore likes() {
        return stores.likes();
    }

    @Override
    public CommentStore comments() {
        return stores.comments();
    }

    @Override
    public TimelineStore timelines() {
        return stores.timelines();
    }

    @Override
    public FanoutStore fanout() {
        return stores.fanout();
    }

    @Override
    public AudienceStore audiences() {
        return stores.audiences();
    }
}
