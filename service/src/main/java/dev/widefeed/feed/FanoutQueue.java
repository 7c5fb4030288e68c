package dev.widefeed.feed;


import java.time.Clock;
import java.time.Instant;

/**
 * Where fan-out tasks go: shard by post id (so a burst of posts spreads over every shard's
 * worker), slot by the minute the task is recorded in. The shard count must be the same on every
 * instance and never change while tasks are pending: a task is only found in the shard it was
 * recorded in.
 */
public final class FanoutQueue {
    private final FanoutStore store;
    private final int shards;
    private final Clock clock;

    public FanoutQueue(FanoutStore store, int shards, Clock clock) {
        if (shards < 1 || shards > 1024) {
            throw new IllegalArgumentException("shards must be 1..1024");
        }
        this.store = store;
        this.shards = shards;
        this.clock = clock;
    }

    public int shards() {
        return shards;
    }

    /** Records the task durably; call it before the write it is about (the post's create or delete). */
    public void enqueue(long postId, long authorId, FanoutKind kind) {
        store.enqueue(new FanoutTask(shardOf(postId), slotOf(clock.instant()), postId, authorId, kind));
    }

    int shardOf(long postId) {
        return Math.floorMod(Long.hashCode(postId * 0x9E3779B97F4A7C15L), shards);
    }

    /** The slot (epoch minute) an instant falls in. */
    public static long slotOf(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), 60);
    }
}
