package dev.widefeed.composition;

import dev.widefeed.archive.AccountArchive;
import dev.widefeed.audience.AudienceFeature;
import dev.widefeed.cache.CacheTier;
import dev.widefeed.comment.CommentFeature;
import dev.widefeed.comment.store.CommentStores;
import dev.widefeed.directory.DirectoryFeature;
import dev.widefeed.erasure.ErasureFeature;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.feed.FeedFeature;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.kernel.Threads;
import dev.widefeed.like.LikeFeature;
import dev.widefeed.notification.NotificationFeature;
import dev.widefeed.post.PostFeature;
import dev.widefeed.purge.PurgeFeature;
import dev.widefeed.reconcile.CounterMarks;
import dev.widefeed.reconcile.ReconcileFeature;
import dev.widefeed.store.Storage;
import dev.widefeed.textindex.TextIndexFeature;

/**
 * One instance's features over one storage, each assembled in its own package from the context, its stores and the
 * features below it, in the order of the map (docs/ARCHITECTURE.md, "Assembly"): the same for the server, its
 * commands, the tests and perf. A new feature is one line here. Building reads no store; its only threads are the
 * counter updates' (daemons, each closed by whoever runs the instance, {@link ServerParts} for the server), and whoever
 * runs it starts its jobs.
 */
public final class Features {
    /** The clock, ids, events and marks every feature was given; its events list who hears what. */
    public final FeatureContext context;

    public final CacheTier cache;
    public final LogRoutes log;
    public final IdempotentRequests idempotent;
    public final GraphFeature graph;
    public final DirectoryFeature directory;
    public final AudienceFeature audience;
    public final PostFeature posts;
    public final LikeFeature likes;
    public final CommentFeature comments;
    public final FeedFeature feed;
    public final AccountArchive archive;
    public final ErasureFeature erasure;
    public final ReconcileFeature reconcile;
    public final NotificationFeature notifications;
    public final TextIndexFeature textIndex;

    public Features(Storage storage, InstanceSettings settings) {
        EventLog eventLog = new EventLog(storage.eventLog(), settings.logShards(), settings.clock());
        CounterMarks marks = new CounterMarks(eventLog, settings.clock());
        context = new FeatureContext(
                settings.clock(), settings.ids(), new Events(), marks, settings.pageReads(), new Threads());
        cache = new CacheTier(storage.invalidations(), settings.caches(), settings.clock(), context.threads());
        log = new LogRoutes(eventLog, context.events());
        idempotent = new IdempotentRequests(storage.idempotency(), settings.ids(), settings.clock());
        graph = GraphFeature.assemble(
                context, cache, storage.users(), storage.relations(), settings.limits(), settings.batchFollows());
        directory = DirectoryFeature.assemble(context, log, graph, storage.directory());
        audience = AudienceFeature.assemble(context, settings.audience(), storage.audiences(), graph);
        posts = PostFeature.assemble(
                context, cache, storage.posts(), LikeFeature.viewerLikes(storage.likes()), graph, audience);
        likes = LikeFeature.assemble(context, storage.likes(), graph, posts);
        CommentStores commentStores =
                new CommentStores(storage.comments(), storage.commentVotes(), storage.hotComments());
        comments = CommentFeature.assemble(context, cache, log, commentStores, graph, posts);
        feed = FeedFeature.assemble(
                context,
                log,
                new FeedFeature.Settings(settings.feed(), settings.limits().maxFollowing(), settings.fanoutListener()),
                storage.timelines(),
                storage.fanout(),
                graph,
                audience,
                posts);
        archive = new AccountArchive(
                posts.store(),
                posts.posts(),
                likes.store(),
                graph.follows(),
                comments.store(),
                audience.audiences(),
                audience.store());
        erasure = ErasureFeature.assemble(
                context,
                log,
                storage.accounts(),
                storage.userRows(),
                new ErasureFeature.Erased(graph, directory, audience, posts, likes, comments));
        PurgeFeature.assemble(context, log, posts, likes, comments);
        reconcile = ReconcileFeature.assemble(context, log, marks, graph, posts, likes, comments);
        notifications = NotificationFeature.assemble(
                context,
                log,
                storage.notifications(),
                new NotificationFeature.Sources(graph, audience, posts, likes, comments));
        textIndex = TextIndexFeature.assemble(context, log, storage.textIndex(), posts, comments);
    }
}
