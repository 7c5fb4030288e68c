package dev.widefeed.feed.timeline;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Each fan-out task's plan and checkpoint, and each author's delivery (push or pull, and the switch
 * between them). The tasks themselves are entries of the event log
 * ({@link dev.widefeed.eventlog.EventLogStore}); checkpoints expire by themselves (TTL), so nothing
 * here is ever deleted row by row.
 */
public interface FanoutStore {
    Optional<FanoutProgress> progress(long postId, FanoutKind kind);

    /** Saves a task's checkpoint, replacing the previous one. Idempotent. */
    void saveProgress(FanoutProgress progress);

    /** How the author's posts reach their followers; empty for an author never switched (pushed). */
    Optional<AuthorDelivery> delivery(long authorId);

    /** Saves the author's delivery, replacing the previous one. Idempotent. */
    void saveDelivery(AuthorDelivery delivery);

    /** What fan-out last decided for each of these followers' edges to the author, where it decided anything. */
    Map<Long, EdgeDelivery> edgeDeliveries(long authorId, Collection<Long> followerIds);

    /** Saves these decisions for the author's edges, replacing earlier ones; one round, writes in flight bounded. */
    void saveEdgeDeliveries(long authorId, Collection<EdgeDelivery> deliveries);
}
