package dev.widefeed.erasure;

import dev.widefeed.account.AccountStore;
import dev.widefeed.audience.AudienceFeature;
import dev.widefeed.comment.CommentFeature;
import dev.widefeed.directory.DirectoryFeature;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.like.LikeFeature;
import dev.widefeed.post.PostFeature;

/**
 * An account's erasure, worked from the log a page at a time (docs/ARCHITECTURE.md, "Events"); the request that asks
 * for it ({@link ErasureService}) is the web layer's, beside the account service it closes the account with.
 */
public record ErasureFeature(AccountErasure erasure) {
    /** What an erasure walks: every feature that keeps something of a user's. */
    public record Erased(
            GraphFeature graph,
            DirectoryFeature directory,
            AudienceFeature audience,
            PostFeature posts,
            LikeFeature likes,
            CommentFeature comments) {}

    public static ErasureFeature assemble(
            FeatureContext context, LogRoutes log, AccountStore accounts, UserRowsStore userRows, Erased of) {
        AccountErasure erasure = new AccountErasure(
                new AccountErasure.Stores(
                        of.graph().userStore(),
                        of.posts().store(),
                        of.likes().store(),
                        of.graph().relationStore(),
                        of.comments().store(),
                        of.comments().votes(),
                        of.audience().store(),
                        userRows),
                of.posts().posts(),
                of.likes().likes(),
                of.graph().follows(),
                of.comments().writer(),
                of.comments().voting(),
                of.audience().audiences(),
                of.directory().directory());
        log.handle(new AccountErasureHandler(erasure, accounts, context.clock()).byKind());
        return new ErasureFeature(erasure);
    }
}
