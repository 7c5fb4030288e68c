package dev.widefeed.feed;

import dev.widefeed.audience.AudienceFeature;
import dev.widefeed.eventlog.LogRoutes;
import dev.widefeed.feed.fanout.FanoutHandler;
import dev.widefeed.feed.fanout.FanoutService;
import dev.widefeed.feed.fanout.FanoutWorker;
import dev.widefeed.feed.home.HomeTimelineService;
import dev.widefeed.feed.timeline.AuthorInboxWrites;
import dev.widefeed.feed.timeline.DeliverySwitch;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FanoutStore;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.FeedStores;
import dev.widefeed.feed.timeline.FollowerCounts;
import dev.widefeed.feed.timeline.TimelineStore;
import dev.widefeed.graph.FollowEvent;
import dev.widefeed.graph.GraphFeature;
import dev.widefeed.kernel.FeatureContext;
import dev.widefeed.post.PostEvent;
import dev.widefeed.post.PostFeature;
import java.time.Duration;

/**
 * Home timelines, fan-out and pull, assembled (docs/ARCHITECTURE.md, "Events"). A post's delivery and a deleted
 * post's retraction are logged before the change; the home timeline hears of posts (the author's own inbox at once) and
 * of follows (backfill, cleanup) after it.
 *
 * @param worker the fan-out's worker, driven by the log's job; its pages run on the instance's {@code fanout-prefetch}
 *               threads
 */
public record FeedFeature(HomeTimelineService home, FanoutWorker worker, FanoutService fanout) {
    /** A post's fan-out begins within seconds of it: five minutes of an instance's posts, at 60 a second. */
    private static final int AUTHOR_INBOXES_KEPT = 20_000;

    private static final Duration AUTHOR_INBOX_KEPT_FOR = Duration.ofMinutes(5);

    /** What a feed is given beside its stores: its rules, how many a user may follow, who hears of deliveries. */
    public record Settings(FeedRules rules, int maxFollowing, FanoutWorker.Listener listener) {}

    public static FeedFeature assemble(
            FeatureContext context,
            LogRoutes log,
            Settings settings,
            TimelineStore timelines,
            FanoutStore fanout,
            GraphFeature graph,
            AudienceFeature audience,
            PostFeature posts) {
        FeedRules rules = settings.rules();
        FollowerCounts followerCounts = id -> graph.users().counts(id).followers();
        DeliverySwitch deliveries = new DeliverySwitch(
                followerCounts,
                graph.relationStore(),
                timelines,
                fanout,
                rules.pull(),
                rules.pageSize(),
                context.clock());
        AuthorInboxWrites authorInboxes = new AuthorInboxWrites(AUTHOR_INBOXES_KEPT, AUTHOR_INBOX_KEPT_FOR);
        FeedStores stores = new FeedStores(timelines, fanout, graph.relationStore(), posts.store(), audience.store());
        HomeTimelineService home = new HomeTimelineService(
                stores,
                posts.posts(),
                audience.facts(),
                posts.access(),
                rules,
                deliveries,
                log.log(),
                authorInboxes,
                settings.maxFollowing(),
                context.clock());
        FanoutWorker worker = new FanoutWorker(
                stores,
                followerCounts,
                posts.cache()::find,
                authorInboxes,
                rules,
                log.log(),
                context.clock(),
                settings.listener(),
                context.threads().cached("fanout-prefetch"));
        log.handle(new FanoutHandler(worker, settings.listener()).byKind());
        log.handle(deliveries.byKind());
        log.before(PostEvent.Created.class, FanoutKind.DELIVER.entryKind(), PostEvent::postId, PostEvent::authorId);
        log.before(PostEvent.Reposted.class, FanoutKind.DELIVER.entryKind(), PostEvent::postId, PostEvent::authorId);
        log.before(PostEvent.Deleted.class, FanoutKind.RETRACT.entryKind(), PostEvent::postId, PostEvent::authorId);
        context.events()
                .on(PostEvent.Created.class, "home.posted", e -> home.posted(e.post()))
                .on(PostEvent.Reposted.class, "home.posted", e -> home.posted(e.post()))
                .on(PostEvent.Deleted.class, "home.deleted", e -> home.deleted(e.post()))
                .on(FollowEvent.Followed.class, "home.followed", e -> home.followed(e.followerId(), e.followeeId()))
                .on(
                        FollowEvent.Unfollowed.class,
                        "home.unfollowed",
                        e -> home.unfollowed(e.followerId(), e.followeeId()));
        return new FeedFeature(home, worker, new FanoutService(posts.access(), worker));
    }
}
