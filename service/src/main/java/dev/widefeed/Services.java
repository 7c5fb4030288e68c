package dev.widefeed;

import dev.widefeed.archive.AccountArchive;
import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.AudienceSettings;
import dev.widefeed.audience.Relationships;
import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheInvalidations;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.comment.CommentCache;
import dev.widefeed.comment.CommentEvent;
import dev.widefeed.comment.CommentService;
import dev.widefeed.comment.CommentStore;
import dev.widefeed.comment.HotRanking;
import dev.widefeed.directory.NameDirectory;
import dev.widefeed.erasure.AccountErasure;
import dev.widefeed.erasure.AccountErasureHandler;
import dev.widefeed.eventlog.ChangeTags;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.eventlog.GuardedWork;
import dev.widefeed.eventlog.LogHandler;
import dev.widefeed.feed.DeliverySwitch;
import dev.widefeed.feed.FanoutHandler;
import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutService;
import dev.widefeed.feed.FanoutWorker;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.FeedRules;
import dev.widefeed.feed.FollowerCounts;
import dev.widefeed.feed.HomeTimelineService;
import dev.widefeed.graph.FollowEvent;
import dev.widefeed.graph.FollowService;
import dev.widefeed.graph.ProfileCache;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.graph.UserEvent;
import dev.widefeed.graph.UserService;
import dev.widefeed.graph.UserStore;
import dev.widefeed.idempotency.IdempotentRequests;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DomainEvent;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.KnownPointCount;
import dev.widefeed.like.LikeEvent;
import dev.widefeed.like.LikeService;
import dev.widefeed.like.ViewerLikes;
import dev.widefeed.mention.MentionResolver;
import dev.widefeed.notification.NotificationHandler;
import dev.widefeed.notification.NotificationRules;
import dev.widefeed.notification.NotificationService;
import dev.widefeed.notification.NotificationSources;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostCache;
import dev.widefeed.post.PostCounts;
import dev.widefeed.post.PostEvent;
import dev.widefeed.post.PostService;
import dev.widefeed.post.PostStore;
import dev.widefeed.purge.PostPurge;
import dev.widefeed.purge.PostPurgeHandler;
import dev.widefeed.reconcile.CounterMarks;
import dev.widefeed.reconcile.CounterRecountHandler;
import dev.widefeed.reconcile.Reconciler;
import dev.widefeed.store.Storage;
import dev.widefeed.textindex.TextIndexHandler;
import dev.widefeed.textindex.TextIndexService;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * The domain services over one storage, built in one place for the server and the commands alike, with
 * the handler of each kind of event log entry ({@code logHandlers}) for whoever runs the log's job.
 */
public record Services(
        UserService users,
        FollowService follows,
        RelationRepairer relationRepairer,
        PostService posts,
        LikeService likes,
        CommentService comments,
        Reconciler reconciler,
        HomeTimelineService home,
        FanoutWorker fanoutWorker,
        FanoutService fanout,
        AudienceService audiences,
        AudienceFacts audienceFacts,
        NotificationService notifications,
        TextIndexService textIndex,
        NameDirectory directory,
        Relationships relationships,
        IdempotentRequests idempotent,
        AccountArchive archive,
        EventLog eventLog,
        CounterMarks counterMarks,
        CounterRecountHandler counterRecounts,
        Map<String, LogHandler> logHandlers,
        CacheInvalidations cacheInvalidations,
        List<BatchedCache<?>> caches,
        CoalescedCounts<PostCounts> postCounts,
        CoalescedCounts<UserCounts> userCounts) {
    /** How long a post's counter delta waits for others at most, and how many updates are applied at once. */
    private static final Duration COUNTS_INTERVAL = Duration.ofMillis(20);

    private static final int COUNTS_THREADS = 4;

    /**
     * How one instance's services are wired: what the server, the commands and the tests choose, each with the
     * server's default, so a caller names only what it changes and a new collaborator is one component here.
     *
     * @param logShards      the event log's shard count: the same on every instance (see {@link EventLog})
     * @param batchFollows   where a batch follow's edges are written beside each other
     * @param pageReads      where a page's independent reads run beside each other ({@link PostService})
     * @param caches         the cache tier's bounds; its invalidations are polled once {@link CacheInvalidations#start}
     *                       is called (by whoever runs the instance), and until then only this instance's own changes
     *                       drop its cached copies
     */
    public record Settings(
            IdGenerator ids,
            Clock clock,
            RelationLimits limits,
            Executor batchFollows,
            FeedRules feed,
            int logShards,
            FanoutWorker.Listener fanoutListener,
            AudienceSettings audience,
            Executor pageReads,
            CacheSettings caches) {
        /** The server's defaults, everything done in the calling thread. */
        public static Settings of(IdGenerator ids, Clock clock) {
            return new Settings(
                    ids,
                    clock,
                    RelationLimits.DEFAULT,
                    Runnable::run,
                    new FeedFactory().rules(),
                    new EventLogFactory().shards,
                    FanoutWorker.Listener.NONE,
                    AudienceSettings.DEFAULT,
                    Runnable::run,
                    CacheSettings.DEFAULT);
        }

        public Settings withClock(Clock clock) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withLimits(RelationLimits limits) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withBatchFollows(Executor batchFollows) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withFeed(FeedRules feed) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withLogShards(int logShards) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withFanoutListener(FanoutWorker.Listener fanoutListener) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withAudience(AudienceSettings audience) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withPageReads(Executor pageReads) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }

        public Settings withCaches(CacheSettings caches) {
            return new Settings(
                    ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
        }
    }

    public static Services over(Storage storage, Settings settings) {
        IdGenerator ids = settings.ids();
        Clock clock = settings.clock();
        RelationLimits limits = settings.limits();
        Executor batchFollows = settings.batchFollows();
        FeedRules feed = settings.feed();
        FanoutWorker.Listener fanoutListener = settings.fanoutListener();
        AudienceSettings audience = settings.audience();
        Executor pageReads = settings.pageReads();
        CacheSettings caches = settings.caches();
        CacheInvalidations invalidations =
                new CacheInvalidations(storage.invalidations(), clock, caches.invalidationLateness());
        EventLog log = new EventLog(storage.eventLog(), settings.logShards(), clock);
        CounterMarks marks = new CounterMarks(log, clock);
        // Counter updates off the request (docs/design.md, "Counters that heal"), applied to the stores unwatched: the
        // caches hold each delta from the moment it is handed on, and add what is not applied yet to what they load.
        CoalescedCounts<PostCounts> postCounts = new CoalescedCounts<>(
                "post-counts",
                PostCounts::plus,
                storage.posts()::addCounts,
                marks::post,
                KnownPointCount.Bounds.DEFAULT,
                clock,
                COUNTS_INTERVAL,
                COUNTS_THREADS);
        CoalescedCounts<UserCounts> userCounts = new CoalescedCounts<>(
                "user-counts",
                UserCounts::plus,
                storage.users()::addCounts,
                marks::user,
                KnownPointCount.Bounds.DEFAULT,
                clock,
                COUNTS_INTERVAL,
                COUNTS_THREADS);
        PostCache postCache = new PostCache(storage.posts(), caches, invalidations, postCounts);
        CommentCache commentCache = new CommentCache(storage.comments(), caches, invalidations);
        ProfileCache profiles = new ProfileCache(storage.users(), caches, invalidations);
        // Every service writes through these, so that no write of a cached thing goes unheard (the cache tier).
        PostStore postStore = postCache.watching(storage.posts());
        UserStore userStore = profiles.watching(storage.users());
        CommentStore commentStore = commentCache.watching(storage.comments());
        AudienceFacts facts = new AudienceFacts(storage.audiences(), audience.cacheWeight(), audience.cacheTtl());
        PostAccess access = new PostAccess(postCache::find, facts);
        AudienceService audiences =
                new AudienceService(storage.audiences(), userStore, facts, audience.limits(), ids, clock);
        Events events = new Events();
        RelationRepairer repairer = new RelationRepairer(userStore, storage.relations(), marks);
        LikeService likes = new LikeService(
                postStore,
                userStore,
                storage.likes(),
                access,
                events,
                clock,
                marks,
                KnownPointCount.Bounds.DEFAULT,
                postCache::countsOf,
                postCache.counted(postCounts));
        CommentService comments = new CommentService(
                postStore,
                commentStore,
                storage.commentVotes(),
                storage.hotComments(),
                access,
                events,
                ids,
                clock,
                new MentionResolver(userStore, pageReads),
                pageReads,
                marks,
                commentCache::countsOf,
                postCache.counted(postCounts));
        PostService posts = new PostService(
                userStore,
                postStore,
                new ViewerLikes(storage.likes()),
                events,
                access,
                audiences,
                ids,
                clock,
                pageReads,
                postCache,
                profiles,
                // In the request: a repost's page is its source's repost count when it is written (design.md).
                CounterUpdates.direct("reposts", postStore::addCounts, marks::post),
                userCounts);
        Reconciler reconciler = new Reconciler(userStore, postStore, likes, comments, repairer);
        CounterRecountHandler recounts = new CounterRecountHandler(reconciler, marks, clock);
        UserService users = new UserService(userStore, ids, clock, userCounts, events, profiles);
        NameDirectory directory = new NameDirectory(userStore, profiles::findAll, storage.directory());
        FollowerCounts followerCounts = id -> users.counts(id).followers();
        DeliverySwitch deliveries = new DeliverySwitch(
                followerCounts,
                storage.relations(),
                storage.timelines(),
                storage.fanout(),
                feed.pull(),
                feed.pageSize(),
                clock);
        HomeTimelineService home = new HomeTimelineService(
                storage.relations(),
                postStore,
                storage.timelines(),
                posts,
                facts,
                access,
                feed.home(),
                feed.pull(),
                deliveries,
                log,
                limits.maxFollowing(),
                clock);
        FanoutWorker worker = new FanoutWorker(
                followerCounts,
                storage.relations(),
                postStore,
                postCache::find,
                storage.timelines(),
                storage.fanout(),
                storage.audiences(),
                feed.fanout(),
                feed.pageSize(),
                feed.home().entryTtl(),
                feed.pull(),
                log,
                clock,
                fanoutListener);
        TextIndexHandler textIndex =
                new TextIndexHandler(postCache::find, commentCache::find, storage.textIndex(), clock);
        listen(events, home, log, textIndex);
        NotificationRules notificationRules = NotificationRules.DEFAULT;
        FollowService follows =
                new FollowService(userStore, storage.relations(), ids, clock, limits, batchFollows, events, userCounts);
        Map<String, LogHandler> handlers = new HashMap<>(new FanoutHandler(worker, fanoutListener).byKind());
        handlers.putAll(deliveries.byKind());
        handlers.putAll(new NotificationHandler(
                        storage.notifications(),
                        new NotificationSources(
                                postCache::find,
                                storage.likes(),
                                storage.relations(),
                                commentCache::find,
                                storage.commentVotes(),
                                access,
                                facts,
                                notificationRules,
                                pageReads),
                        notificationRules,
                        clock)
                .byKind());
        handlers.putAll(textIndex.byKind());
        HotRanking ranking = new HotRanking(commentStore, storage.hotComments());
        handlers.putAll(new GuardedWork(HotRanking.LOG_KIND, ranking::rerank, clock).byKind());
        handlers.putAll(new GuardedWork(NameDirectory.LOG_KIND, directory::relist, clock).byKind());
        handlers.putAll(new AccountErasureHandler(
                        new AccountErasure(
                                userStore,
                                postStore,
                                posts,
                                storage.likes(),
                                likes,
                                storage.relations(),
                                follows,
                                commentStore,
                                storage.commentVotes(),
                                comments,
                                audiences,
                                storage.audiences(),
                                storage.userRows(),
                                directory),
                        storage.accounts(),
                        clock)
                .byKind());
        handlers.putAll(new PostPurgeHandler(
                        postStore,
                        new PostPurge(
                                postStore,
                                storage.likes(),
                                commentStore,
                                storage.commentVotes(),
                                storage.hotComments()),
                        clock)
                .byKind());
        handlers.putAll(recounts.byKind());
        return new Services(
                users,
                follows,
                repairer,
                posts,
                likes,
                comments,
                reconciler,
                home,
                worker,
                new FanoutService(access, worker),
                audiences,
                facts,
                new NotificationService(
                        storage.notifications(), postStore, commentStore, access, facts, notificationRules, clock),
                new TextIndexService(storage.textIndex(), posts, comments, clock),
                directory,
                new Relationships(userStore, storage.relations(), facts, pageReads),
                new IdempotentRequests(storage.idempotency(), ids, clock),
                new AccountArchive(
                        postStore, posts, storage.likes(), follows, commentStore, audiences, storage.audiences()),
                log,
                marks,
                recounts,
                Map.copyOf(handlers),
                invalidations,
                Stream.of(postCache.caches(), commentCache.caches(), profiles.caches())
                        .flatMap(List::stream)
                        .toList(),
                postCounts,
                userCounts);
    }

    /**
     * Who hears of what, in one place (docs/ARCHITECTURE.md, "Events"). A post's delivery and a
     * deleted post's retraction go to the event log before the change, as does the indexing of a new
     * post's or comment's topics and mentions; the home timeline hears of posts and follows after it, and
     * the topic counters of a deleted post. Every change that may notify is logged before and after. Entries recorded
     * before a change are appended quietly: the hint after it, about the same subject, wakes the job once the change
     * is there to be worked on (worked before, a post's delivery would find no post yet and wait).
     */
    private static void listen(Events events, HomeTimelineService home, EventLog log, TextIndexHandler textIndex) {
        events.logTo(PostEvent.Created.class, e -> fanout(log, e, FanoutKind.DELIVER))
                .logTo(PostEvent.Reposted.class, e -> fanout(log, e, FanoutKind.DELIVER))
                .logTo(PostEvent.Deleted.class, e -> fanout(log, e, FanoutKind.RETRACT))
                .logTo(
                        PostEvent.Deleted.class,
                        e -> log.appendQuietly(PostPurgeHandler.KIND, e.post().id(), author(e)))
                .on(PostEvent.Created.class, e -> home.posted(e.post()))
                .on(PostEvent.Reposted.class, e -> home.posted(e.post()))
                .on(PostEvent.Deleted.class, e -> home.deleted(e.post()))
                .on(FollowEvent.Followed.class, e -> home.followed(e.followerId(), e.followeeId()))
                .on(FollowEvent.Unfollowed.class, e -> home.unfollowed(e.followerId(), e.followeeId()))
                .logTo(
                        PostEvent.Created.class,
                        e -> log.appendQuietly(TextIndexHandler.POST, e.post().id(), author(e)))
                .logTo(
                        PostEvent.Reposted.class,
                        e -> log.appendQuietly(TextIndexHandler.POST, e.post().id(), author(e)))
                .on(PostEvent.Deleted.class, e -> textIndex.postDeleted(e.post()))
                .logTo(
                        CommentEvent.Commented.class,
                        e -> log.appendQuietly(
                                TextIndexHandler.COMMENT,
                                e.commentId(),
                                e.comment().authorId()))
                .logTo(
                        CommentEvent.Replied.class,
                        e -> log.appendQuietly(
                                TextIndexHandler.COMMENT,
                                e.commentId(),
                                e.reply().authorId()));
        ChangeTags tags = new ChangeTags();
        Guarded guarded = new Guarded(events, log, tags);
        guarded.of(
                HotRanking.LOG_KIND,
                CommentEvent.Voted.class,
                CommentEvent.Voted::commentId,
                CommentEvent.Voted::userId);
        guarded.of(
                HotRanking.LOG_KIND,
                CommentEvent.Deleted.class,
                CommentEvent.Deleted::commentId,
                e -> e.comment().authorId());
        guarded.of(
                NameDirectory.LOG_KIND,
                UserEvent.ProfileChanged.class,
                UserEvent.ProfileChanged::userId,
                UserEvent.ProfileChanged::userId);
        Notifying notify = new Notifying(guarded);
        notify.of(LikeEvent.Liked.class, NotificationSources.LIKE, LikeEvent::postId, LikeEvent::userId);
        notify.of(LikeEvent.Unliked.class, NotificationSources.LIKE, LikeEvent::postId, LikeEvent::userId);
        notify.of(
                FollowEvent.Followed.class,
                NotificationSources.FOLLOW,
                FollowEvent::followeeId,
                FollowEvent::followerId);
        notify.of(
                FollowEvent.Unfollowed.class,
                NotificationSources.FOLLOW,
                FollowEvent::followeeId,
                FollowEvent::followerId);
        notify.of(
                CommentEvent.Commented.class,
                NotificationSources.COMMENT,
                CommentEvent::commentId,
                e -> e.comment().authorId());
        notify.of(
                CommentEvent.Replied.class,
                NotificationSources.COMMENT,
                CommentEvent::commentId,
                e -> e.reply().authorId());
        notify.of(
                CommentEvent.Deleted.class,
                NotificationSources.COMMENT,
                CommentEvent::commentId,
                e -> e.comment().authorId());
        notify.of(
                CommentEvent.Voted.class,
                NotificationSources.VOTE,
                CommentEvent::commentId,
                CommentEvent.Voted::userId);
        notify.of(
                PostEvent.Created.class, NotificationSources.POST, e -> e.post().id(), Services::author);
        notify.of(
                PostEvent.Reposted.class,
                NotificationSources.POST,
                e -> e.post().id(),
                Services::author);
        notify.of(
                PostEvent.Deleted.class, NotificationSources.POST, e -> e.post().id(), Services::author);
    }

    /**
     * A change whose subject's work is repeatable (a comment's place in the hot ranking, a user's listings) is logged
     * twice ({@link GuardedWork}): a guard entry before it, an entry after it.
     */
    private record Guarded(Events events, EventLog log, ChangeTags tags) {
        <E extends DomainEvent> void of(
                String kind, Class<E> type, ToLongFunction<E> subject, ToLongFunction<E> actor) {
            events.logTo(
                            type,
                            e -> log.appendQuietly(
                                    GuardedWork.guardKind(kind, tags.of(e)),
                                    subject.applyAsLong(e),
                                    actor.applyAsLong(e)))
                    .on(
                            type,
                            e -> log.hint(
                                    GuardedWork.afterKind(kind, tags.of(e)),
                                    subject.applyAsLong(e),
                                    actor.applyAsLong(e)));
        }
    }

    private static long author(PostEvent event) {
        return event.post().authorId();
    }

    /**
     * A change that may notify is logged twice (docs/design.md, "Notifications"): a guard entry before it, which the
     * handler checks once the change must have landed, and an entry after it, worked at once. A failure of the
     * second only delays the notification until the guard's turn.
     */
    private record Notifying(Guarded guarded) {
        <E extends DomainEvent> void of(
                Class<E> type, String family, ToLongFunction<E> subject, ToLongFunction<E> actor) {
            guarded.of(NotificationHandler.kind(family), type, subject, actor);
        }
    }

    private static void fanout(EventLog log, PostEvent event, FanoutKind kind) {
        log.appendQuietly(kind.entryKind(), event.post().id(), event.post().authorId());
    }
}
