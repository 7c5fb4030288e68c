package dev.widefeed.comment;

import dev.widefeed.cache.CacheTier;
import dev.widefeed.eventlog.GuardedWork;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.PostFeature;

/**
 * The comment platform, assembled: a vote or delete is logged before and after it, and the log's work moves the
 * comment's entry in the hot ranking to where its counters say then (docs/ARCHITECTURE.md, "Events").
 *
 * @param store the comments' store as every feature above writes it: watched by the comment cache
 */
public record CommentFeature(
        CommentStore store, CommentVoteStore votes, HotCommentStore hot, CommentCache cache, CommentService comments) {
    public static CommentFeature assemble(
            FeatureContext context,
            CacheTier cache,
            LogRoutes log,
            CommentStores stores,
            GraphFeature graph,
            PostFeature posts) {
        CommentCache commentCache = new CommentCache(stores.comments(), cache.settings(), cache.invalidations());
        cache.hold(commentCache.caches());
        CommentStore watched = commentCache.watching(stores.comments());
        CommentService service = new CommentService(
                posts.store(),
                watched,
                stores.votes(),
                stores.hot(),
                posts.access(),
                context.events(),
                context.ids(),
                context.clock(),
                new MentionResolver(graph.userStore(), context.pageReads()),
                context.pageReads(),
                context.marks(),
                commentCache::countsOf,
                posts.counted());
        HotRanking ranking = new HotRanking(watched, stores.hot());
        log.handle(new GuardedWork(HotRanking.LOG_KIND, ranking::rerank, context.clock()).byKind());
        log.guarded(
                CommentEvent.Voted.class,
                HotRanking.LOG_KIND,
                CommentEvent.Voted::commentId,
                CommentEvent.Voted::userId);
        log.guarded(
                CommentEvent.Deleted.class,
                HotRanking.LOG_KIND,
                CommentEvent.Deleted::commentId,
                e -> e.comment().authorId());
        return new CommentFeature(watched, stores.votes(), stores.hot(), commentCache, service);
    }
}
