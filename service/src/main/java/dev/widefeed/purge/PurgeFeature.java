package dev.widefeed.purge;

import dev.widefeed.comment.CommentFeature;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.like.LikeFeature;
import dev.widefeed.post.PostEvent;
import dev.widefeed.post.PostFeature;

/**
 * What a deleted post leaves behind, purged from the log: deleting a post logs its purge before the delete
 * (docs/ARCHITECTURE.md, "Events"). Nothing to call: the feature is its subscription and its handler.
 */
public final class PurgeFeature {
    private PurgeFeature() {}

    public static void assemble(
            FeatureContext context, LogRoutes log, PostFeature posts, LikeFeature likes, CommentFeature comments) {
        PostPurge purge =
                new PostPurge(posts.store(), likes.store(), comments.store(), comments.votes(), comments.hot());
        log.handle(new PostPurgeHandler(posts.store(), purge, context.clock()).byKind());
        log.before(PostEvent.Deleted.class, PostPurgeHandler.KIND, PostEvent::postId, PostEvent::authorId);
    }
}
