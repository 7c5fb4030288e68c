package dev.widefeed.feed;

/**
 * A unit of durable fan-out work, recorded before the post it concerns is written (or before the
 * post is deleted), so no post exists whose delivery nobody knows about. Tasks live in time slots
 * (epoch minutes) of a fixed number of shards: workers lease a shard and walk its slots forward,
 * the way a log is consumed, and a slot's tasks are read with one query.
 */
public record FanoutTask(int shard, long slot, long postId, long authorId, FanoutKind kind) {
    public FanoutTask {
        if (shard < 0 || slot < 0 || postId <= 0 || authorId <= 0 || kind == null) {
            throw new IllegalArgumentException("bad fan-out task");
        }
    }
}
