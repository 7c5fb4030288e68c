package dev.widefeed.like;

import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.kernel.KnownPointCount;
import dev.widefeed.post.PostFeature;

/** Likes, assembled: a like answers with the post's counts from the cache tier, its own change in them at once. */
public record LikeFeature(LikeStore store, LikeService likes) {
    public static LikeFeature assemble(FeatureContext context, LikeStore store, GraphFeature graph, PostFeature posts) {
        return new LikeFeature(
                store,
                new LikeService(
                        posts.store(),
                        graph.userStore(),
                        store,
                        posts.access(),
                        context.events(),
                        context.clock(),
                        context.marks(),
                        KnownPointCount.Bounds.DEFAULT,
                        posts.cache()::countsOf,
                        posts.counted()));
    }

    /** Which of some posts a viewer likes, for the post feature's pages: from the viewer's own liked posts. */
    public static ViewerLikes viewerLikes(LikeStore store) {
        return new ViewerLikes(store, ViewerLikes.PAGE, ViewerLikes.MAX_PAGES);
    }
}
