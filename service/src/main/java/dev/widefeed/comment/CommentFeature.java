package dev.widefeed.comment;

import dev.widefeed.cache.CacheTier;
import dev.widefeed.comment.store.CommentStore;
import dev.widefeed.comment.store.CommentStores;
import dev.widefeed.comment.store.CommentVoteStore;
import dev.widefeed.comment.store.HotCommentStore;
import dev.widefeed.eventlog.GuardedWork;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.PostFeature;

/**
 * The comment platform, assembled: a vote or delete is logged before and after it, and the log's work moves the
 * comment's entry in the hot ranking to where its counters say then (docs/ARCHITECTURE.md, "Events"). Its pieces by
 * job, each used on its own: reading, writing, voting, a post's settings, the recount.
 *
 * @param store the comments' store as every feature above writes it: watched by the comment cache
 */
public record CommentFeature(
        CommentStore store,
        CommentVoteStore votes,
        HotCommentStore hot,
        CommentCache cache,
        CommentReader reader,
        CommentWriter writer,
        CommentVoting voting,
        CommentSettings settings,
        CommentRecount recount) {
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
        CommentReader reader = new CommentReader(
                watched, stores.votes(), stores.hot(), posts.access(), context.pageReads(), commentCache::countsOf);
        CommentWriter writer = new CommentWriter(
                watched,
                reader,
                posts.access(),
                context.events(),
                context.ids(),
                context.clock(),
                new MentionResolver(graph.userStore(), context.pageReads()),
                context.marks(),
                posts.counted());
        CommentVoting voting = new CommentVoting(watched, stores.votes(), reader, context.events(), context.marks());
        CommentSettings settings = new CommentSettings(watched, posts.access(), reader);
        HotRanking ranking = new HotRanking(watched, stores.hot());
        CommentRecount recount = new CommentRecount(posts.store(), watched, stores.votes(), ranking);
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
        return new CommentFeature(
                watched, stores.votes(), stores.hot(), commentCache, reader, writer, voting, settings, recount);
    }
}
