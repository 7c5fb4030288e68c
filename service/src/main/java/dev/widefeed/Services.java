package dev.widefeed;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.AudienceSettings;
import dev.widefeed.comment.CommentService;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.feed.DeliverySwitch;
import dev.widefeed.feed.FanoutHandler;
import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutService;
import dev.widefeed.feed.FanoutWorker;
import dev.widefeed.feed.FeedRules;
import dev.widefeed.feed.HomeTimelineService;
import dev.widefeed.graph.FollowEvent;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.UserService;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.LikeService;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostEvent;
import dev.widefeed.post.PostService;
import dev.widefeed.reconcile.Reconciler;
import dev.widefeed.store.Storage;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The domain services over one storage, built in one place for the server and the commands alike, with
 * the handler of each kind of event log entry ({@code logHandlers}) for whoever runs the log's job.
 */
public record Services(UserService users, FollowService follows, RelationRepairer relationRepairer,
                       PostService posts, LikeService likes, CommentService comments, Reconciler reconciler,
                       HomeTimelineService home, FanoutWorker fanoutWorker, FanoutService fanout,
                       AudienceService audiences, AudienceFacts audienceFacts, Map<String, LogHandler> logHandlers) {

    /** @param logShards the event log's shard count: the same on every instance (see {@link EventLog}) */
    public static Services over(Storage storage, IdGenerator ids, Clock clock, RelationLimits limits,
                                Executor batchFollows, FeedRules feed, int logShards,
                                FanoutWorker.Listener fanoutListener) {
        return over(storage, ids, clock, limits, batchFollows, feed, logShards, fanoutListener,
                AudienceSettings.DEFAULT);
    }

    /** {@link #over(Storage, IdGenerator, Clock, RelationLimits, Executor, FeedRules, int, FanoutWorker.Listener,
     * AudienceSettings, Executor)} with a page's reads one after another. */
    public static Services over(Storage storage, IdGenerator ids, Clock clock, RelationLimits limits,
                                Executor batchFollows, FeedRules feed, int logShards,
                                FanoutWorker.Listener fanoutListener, AudienceSettings audience) {
        return over(storage, ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience,
                Runnable::run);
    }

    /** @param pageReads where a page's independent reads run beside each other ({@link PostService}) */
    public static Services over(Storage storage, IdGenerator ids, Clock clock, RelationLimits limits,
                                Executor batchFollows, FeedRules feed, int logShards,
                                FanoutWorker.Listener fanoutListener, AudienceSettings audience,
                                Executor pageReads) {
        AudienceFacts facts = new AudienceFacts(storage.audiences(), audience.cacheWeight(), audience.cacheTtl());
        PostAccess access = new PostAccess(storage.posts(), facts);
        AudienceService audiences = new AudienceService(storage.audiences(), storage.users(), facts,
                audience.limits(), ids, clock);
        Events events = new Events();
        RelationRepairer repairer = new RelationRepairer(storage.users(), storage.relations());
        LikeService likes = new LikeService(storage.posts(), storage.users(), storage.likes(), access, events, clock);
        CommentService comments = new CommentService(storage.posts(), storage.comments(), access, events, ids, clock,
                new MentionResolver(storage.users(), pageReads));
        PostService posts = new PostService(storage.users(), storage.posts(), storage.likes(), events, access, audiences,
                ids, clock, pageReads);
        EventLog log = new EventLog(storage.eventLog(), logShards, clock);
        DeliverySwitch deliveries = new DeliverySwitch(storage.users(), storage.relations(), storage.timelines(),
                storage.fanout(), feed.pull(), feed.pageSize(), clock);
        HomeTimelineService home = new HomeTimelineService(storage.relations(), storage.posts(), storage.timelines(),
                posts, facts, access, feed.home(), feed.pull(), deliveries, log, limits.maxFollowing(), clock);
        FanoutWorker worker = new FanoutWorker(storage.users(), storage.relations(), storage.posts(),
                storage.timelines(), storage.fanout(), storage.audiences(), feed.fanout(), feed.pageSize(),
                feed.home().entryTtl(), feed.pull(), log, clock, fanoutListener);
        listen(events, home, log);
        Map<String, LogHandler> handlers = new HashMap<>(new FanoutHandler(worker, fanoutListener).byKind());
        handlers.putAll(deliveries.byKind());
        return new Services(
                new UserService(storage.users(), ids, clock),
                new FollowService(storage.users(), storage.relations(), ids, clock, limits, batchFollows, events),
                repairer,
                posts,
                likes,
                comments,
                new Reconciler(storage.users(), storage.posts(), likes, comments, repairer),
                home,
                worker,
                new FanoutService(access, worker),
                audiences,
                facts,
                Map.copyOf(handlers));
    }

    /**
     * Who hears of what, in one place (docs/ARCHITECTURE.md, "Events"). A post's delivery and a
     * deleted post's retraction go to the event log before the change; the home timeline hears of
     * posts and follows after it.
     */
    private static void listen(Events events, HomeTimelineService home, EventLog log) {
        events.logTo(PostEvent.Created.class, e -> fanout(log, e, FanoutKind.DELIVER))
                .logTo(PostEvent.Reposted.class, e -> fanout(log, e, FanoutKind.DELIVER))
                .logTo(PostEvent.Deleted.class, e -> fanout(log, e, FanoutKind.RETRACT))
                .on(PostEvent.Created.class, e -> home.posted(e.post()))
                .on(PostEvent.Reposted.class, e -> home.posted(e.post()))
                .on(PostEvent.Deleted.class, e -> home.deleted(e.post()))
                .on(FollowEvent.Followed.class, e -> home.followed(e.followerId(), e.followeeId()))
                .on(FollowEvent.Unfollowed.class, e -> home.unfollowed(e.followerId(), e.followeeId()));
    }

    private static void fanout(EventLog log, PostEvent event, FanoutKind kind) {
        log.append(kind.entryKind(), event.post().id(), event.post().authorId());
    }
}
