package dev.widefeed.feed;


import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Durable fan-out work: tasks in time slots per shard (a log that workers consume), each shard's
 * watermark (the oldest slot that may still hold unfinished work), each task's progress
 * checkpoint, and leases that give one worker at a time a shard. Tasks and progress expire by
 * themselves (TTL), so nothing here is ever deleted row by row.
 */
public interface FanoutStore {
    /** Records a task. Idempotent: the same task recorded twice is one task. */
    void enqueue(FanoutTask task);

    /** The tasks recorded in one slot of one shard, in no particular order. */
    List<FanoutTask> tasks(int shard, long slot);

    /** The shard's watermark, if one was ever saved. */
    Optional<Long> watermark(int shard);

    /** Saves the shard's watermark. Only the shard's lease holder calls this. */
    void saveWatermark(int shard, long slot);

    Optional<FanoutProgress> progress(long postId, FanoutKind kind);

    /** Saves a task's checkpoint, replacing the previous one. Idempotent. */
    void saveProgress(FanoutProgress progress);

    /**
     * Takes the shard's lease for {@code owner}, or renews it if {@code owner} holds it, for
     * {@code ttl}. A lease whose holder stopped renewing it is free once its ttl has passed.
     *
     * @return whether {@code owner} holds the lease now
     */
    boolean lease(int shard, String owner, Duration ttl);

    /** Gives the lease back if {@code owner} holds it, so another worker need not wait for it to expire. */
    void release(int shard, String owner);
}
