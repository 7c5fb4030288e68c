package dev.widefeed.composition;

import dev.widefeed.audience.AudienceSettings;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.fanout.FanoutWorker;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.kernel.IdGenerator;
import java.time.Clock;
import java.util.concurrent.Executor;

/**
 * How one instance's features are set: what the server, the commands and the tests choose, each with the server's
 * default, so a caller names only what it changes.
 *
 * @param logShards    the event log's shard count: the same on every instance ({@link dev.widefeed.eventlog.EventLog})
 * @param batchFollows where a batch follow's edges are written beside each other
 * @param pageReads    where a page's independent reads run beside each other
 * @param caches       the cache tier's bounds
 */
public record InstanceSettings(
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
    public static InstanceSettings of(IdGenerator ids, Clock clock) {
        return new InstanceSettings(
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

    public InstanceSettings withClock(Clock clock) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withLimits(RelationLimits limits) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withBatchFollows(Executor batchFollows) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withFeed(FeedRules feed) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withLogShards(int logShards) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withFanoutListener(FanoutWorker.Listener fanoutListener) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withAudience(AudienceSettings audience) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withPageReads(Executor pageReads) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }

    public InstanceSettings withCaches(CacheSettings caches) {
        return new InstanceSettings(
                ids, clock, limits, batchFollows, feed, logShards, fanoutListener, audience, pageReads, caches);
    }
}
