package dev.widefeed.reconcile;

import dev.widefeed.comment.CommentFeature;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.like.LikeFeature;
import dev.widefeed.post.PostFeature;

/**
 * Counters recounted from their rows, assembled: the whole recount ({@link Reconciler}) and the log's recount of each
 * counter marked dirty (docs/design.md, "Counters that heal").
 *
 * @param marks where the features below mark counters that may be off (the context's marks): written to the log here
 */
public record ReconcileFeature(Reconciler reconciler, CounterMarks marks, CounterRecountHandler recounts) {
    public static ReconcileFeature assemble(
            FeatureContext context,
            LogRoutes log,
            CounterMarks marks,
            GraphFeature graph,
            PostFeature posts,
            LikeFeature likes,
            CommentFeature comments) {
        Reconciler reconciler =
                new Reconciler(graph.userStore(), posts.store(), likes.likes(), comments.recount(), graph.repairer());
        CounterRecountHandler recounts =
                new CounterRecountHandler(reconciler, marks, context.clock(), CounterRecountHandler.DUE_AFTER_SLOT);
        log.handle(recounts.byKind());
        return new ReconcileFeature(reconciler, marks, recounts);
    }
}
