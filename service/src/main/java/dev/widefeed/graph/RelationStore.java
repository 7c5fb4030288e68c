package dev.widefeed.graph;

import dev.widefeed.kernel.UnknownOutcomeException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The follow graph: a truth row per edge, changed only by compare-and-set, and two list copies
 * (following by user, followers by user) that the domain keeps in step through
 * {@link #writeCopies}. The protocol that ties them together lives in the domain
 * ({@code FollowService}); adapters only translate each step to their store.
 */
public interface RelationStore {

    /** The edge's truth row, or {@link FollowEdge#absent} if it was never written. */
    FollowEdge edge(long followerId, long followeeId);

    /**
     * {@link #edge} once any compare-and-set still in flight on it is decided: what an answer of "already as asked"
     * rests on. A change whose answer was lost may have been left accepted but not yet applied (on Cassandra, a
     * Paxos round cut off by a crash, completed by the next round on the partition); a plain read would then see the
     * state before it, and a later round would overturn what was answered (docs/ARCHITECTURE.md, "Write
     * protocols").
     */
    FollowEdge decidedEdge(long followerId, long followeeId);

    /** {@link #edge} of each (follower, followee) pair, in one concurrent round. */
    Map<FollowEdge.Key, FollowEdge> edges(Collection<FollowEdge.Key> keys);

    /**
     * Sets the edge to {@code next} if its truth row still is {@code expected} (by version; an
     * absent row for a never-written edge). Not retried: a timeout is {@link UnknownOutcomeException}.
     *
     * @return whether it was applied
     */
    boolean compareAndSet(FollowEdge expected, FollowEdge next);

    /**
     * Deletes an edge's truth row if it is still at {@code edge}'s version and not following (an account's deletion,
     * once its copies are gone). Not retried: a timeout is {@link dev.widefeed.kernel.UnknownOutcomeException}.
     *
     * @return whether it was deleted
     */
    boolean delete(FollowEdge edge);

    /**
     * Brings both copies from {@code previous} to {@code next}, all written at {@code next.version()}:
     * removes the rows of {@code previous} if it was following (at a different since), adds those of
     * {@code next} if it is following. Idempotent, and order-independent thanks to the version.
     */
    void writeCopies(FollowEdge previous, FollowEdge next);

    /** Whom {@code userId} follows, newest first, strictly after {@code after}; at most {@code limit}. */
    List<Follow> following(long userId, Optional<FollowCursor> after, int limit);

    /** Who follows {@code userId}, newest first, strictly after {@code after}; at most {@code limit}. */
    List<Follow> followers(long userId, Optional<FollowCursor> after, int limit);

    /**
     * {@link #followers} with each follower's last home read and reads a day as last shared onto the
     * edge: what a fan-out page decides each follower's tier and push or pull by, with no read per follower.
     */
    List<Follower> followersWithActivity(long userId, Optional<FollowCursor> after, int limit);

    /**
     * {@link #followersWithActivity} of only the followers whose last read as shared onto the edge is at or
     * after {@code readSince}. The store drops the others where it reads them: it still reads their rows, but
     * sends none, so a fan-out that reaches a fifth of an author's followers ships a fifth of the rows. The
     * cursor of a page is its last follower, as for every page; at most {@code limit}, fewer only at the end.
     */
    List<Follower> activeFollowers(long userId, Optional<FollowCursor> after, int limit, Instant readSince);

    /**
     * Writes {@code lastRead} and, when known, {@code readsPerDay} onto the followers-list copy of every
     * edge {@code userId} follows by, at the edge's own version as the write's timestamp: a copy removed
     * since (by an unfollow, at a later version) stays removed, since the removal shadows this write. Of
     * two shares the later read wins, with its rate. Bounded by the following limit; writes in flight
     * are bounded.
     */
    void shareActivity(long userId, Instant lastRead, OptionalDouble readsPerDay);

    /** {@link #shareActivity(long, Instant, OptionalDouble)} with no read rate. */
    default void shareActivity(long userId, Instant lastRead) {
        shareActivity(userId, lastRead, OptionalDouble.empty());
    }

    /** {@link #shareActivity} onto one edge only (a new follow), if {@code followerId} follows {@code followeeId}. */
    void shareActivity(long followerId, long followeeId, Instant lastRead, OptionalDouble readsPerDay);

    /** {@link #shareActivity(long, long, Instant, OptionalDouble)} with no read rate. */
    default void shareActivity(long followerId, long followeeId, Instant lastRead) {
        shareActivity(followerId, followeeId, lastRead, OptionalDouble.empty());
    }

    /** Records an operation before it is applied. */
    void journalIntent(RelationOp op);

    /** Records that an operation's copies and counts were written (or that it did not apply). */
    void journalDone(RelationOp op);

    /** Journaled operations not marked done whose ids were issued in [{@code from}, {@code to}). */
    List<RelationOp> unfinished(Instant from, Instant to);

    /** Every journaled operation, done or not, whose id was issued in [{@code from}, {@code to}). */
    List<RelationOp> journaled(Instant from, Instant to);

    /**
     * Loads new edges in bulk (perf loads, scale tests): truth rows, both copies and the counts, with
     * many writes in flight. Not for edges that live follows may touch at the same time.
     */
    void importEdges(List<FollowEdge> edges);
}
