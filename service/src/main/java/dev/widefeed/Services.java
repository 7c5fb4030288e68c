package dev.widefeed;

import dev.widefeed.audience.AudienceFacts;
import dev.widefeed.audience.AudienceService;
import dev.widefeed.audience.AudienceSettings;
import dev.widefeed.comment.CommentService;
import dev.widefeed.feed.FanoutQueue;
import dev.widefeed.feed.FanoutService;
import dev.widefeed.feed.FanoutWorker;
import dev.widefeed.feed.FeedRules;
import dev.widefeed.graph.FollowService;
import dev.widefeed.feed.HomeTimelineService;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.like.LikeService;
import dev.widefeed.post.PostAccess;
import dev.widefeed.post.PostService;
import dev.widefeed.reconcile.Reconciler;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.graph.UserService;
import dev.widefeed.store.Storage;

import java.time.Clock;
import java.util.concurrent.Executor;

/** The domain services over one storage, built in one place for the server and the commands alike. */
public record Services(UserService users, FollowService follows, RelationRepairer relationRepairer,
                       PostService posts, LikeService likes, CommentService comments, Reconciler reconciler,
                       HomeTimelineService home, FanoutWorker fanoutWorker, FanoutService fanout,
                       AudienceService audiences, AudienceFacts audienceFacts) {

    public static Services over(Storage storage, IdGenerator ids, Clock clock, RelationLimits limits,
                                Executor batchFollows, FeedRules feed, FanoutWorker.Listener fanoutListener) {
        return over(storage, ids, clock, limits, batchFollows, feed, fanoutListener, AudienceSettings.DEFAULT);
    }

    public static Services over(Storage storage, IdGenerator ids, Clock clock, RelationLimits limits,
                                Executor batchFollows, FeedRules feed, FanoutWorker.Listener fanoutListener,
                                AudienceSettings audience) {
        AudienceFacts facts = new AudienceFacts(storage.audiences(), audience.cacheWeight(), audience.cacheTtl());
        PostAccess access = new PostAccess(storage.posts(), facts);
        AudienceService audiences = new AudienceService(storage.audiences(), storage.users(), facts,
                audience.limits(), ids, clock);
        RelationRepairer repairer = new RelationRepairer(storage.users(), storage.relations());
        LikeService likes = new LikeService(storage.posts(), storage.users(), storage.likes(), access, clock);
        CommentService comments = new CommentService(storage.posts(), storage.comments(), access, ids, clock);
        PostService posts = new PostService(storage.users(), storage.posts(), storage.likes(), storage.timelines(),
                new FanoutQueue(storage.fanout(), feed.shards(), clock), access, audiences, feed.home().entryTtl(),
                ids, clock);
        HomeTimelineService home = new HomeTimelineService(storage.relations(), storage.posts(), storage.timelines(),
                posts, facts, access, feed.home(), limits.maxFollowing(), clock);
        FanoutWorker worker = new FanoutWorker(storage.users(), storage.relations(), storage.posts(),
                storage.timelines(), storage.fanout(), storage.audiences(), feed.fanout(), feed.pageSize(),
                feed.home().entryTtl(), clock, fanoutListener);
        return new Services(
                new UserService(storage.users(), ids, clock),
                new FollowService(storage.users(), storage.relations(), ids, clock, limits, batchFollows, home),
                repairer,
                posts,
                likes,
                comments,
                new Reconciler(storage.users(), storage.posts(), likes, comments, repairer),
                home,
                worker,
                new FanoutService(access, worker),
                audiences,
                facts);
    }
}
