package dev.widefeed.like;

import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.EdgeState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How every {@link LikeStore} adapter changes and repairs likes, written once. A like is kept as
 * the edge user → post of the follow graph's design ({@link EdgeState}: follower = user, followee =
 * post, following = liked, since = likedAt): its truth row changes only by compare-and-set on the
 * version, and both list copies are written at that version (as write timestamp), so copies written
 * out of order, or replayed by a repair, still settle on the latest state. There is no journal: a
 * change interrupted after its compare-and-set is found by {@link #countAndRepair}, which the
 * reconciliation runs.
 */
public final class LikeProtocol {
    private static final Logger LOG = LoggerFactory.getLogger(LikeProtocol.class);
    private static final int MAX_CAS_ATTEMPTS = 8;
    private static final int REPAIR_PAGE = 5_000;

    /** What an adapter translates to its store. */
    public interface Steps {
        /** The like's truth row, or {@link EdgeState#absent} if it was never written. */
        EdgeState read(long postId, long userId);

        /** Every truth row of the post, liked or not. */
        List<EdgeState> readAll(long postId);

        /** Sets the truth row to {@code next} if it still is {@code expected}; never retried. */
        boolean compareAndSet(EdgeState expected, EdgeState next);

        /** After a compare-and-set applied: the copies, and whatever bookkeeping new entries need. */
        void applied(EdgeState previous, EdgeState next);

        /**
         * Brings both copies from {@code previous} to {@code next} at {@code next.version()}: removes
         * the rows at {@code previous.since()} unless {@code next} keeps them, adds those of {@code next}
         * if it is liked. Idempotent.
         */
        void writeCopies(EdgeState previous, EdgeState next);

        List<Like> likers(long postId, Optional<LikeCursor> after, int limit);
    }

    private final Steps steps;

    public LikeProtocol(Steps steps) {
        this.steps = steps;
    }

    /** Sets the like to {@code liked}; whether this call changed it. */
    public boolean change(long postId, long userId, boolean liked, Instant now) {
        for (int attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
            EdgeState current = steps.read(postId, userId);
            if (current.following() == liked) {
                return false;
            }
            EdgeState next = current.next(liked, now);
            if (steps.compareAndSet(current, next)) {
                completeApplied(current, next);
                return true;
            }
            // Lost a race with the same user's other request: read the new state again.
        }
        throw DomainException.conflict("the like of post " + postId + " by " + userId + " changed too often; try again");
    }

    /**
     * The like changed, so the caller must count it whatever happens to the copies: a failure here
     * is left for {@link #countAndRepair} rather than reported as a failed like.
     */
    private void completeApplied(EdgeState previous, EdgeState next) {
        try {
            steps.applied(previous, next);
        } catch (RuntimeException e) {
            LOG.warn("like of post {} by {} changed but its list copies were not all written; "
                    + "reconciling the post repairs them: {}", next.followeeId(), next.followerId(), e.toString());
        }
    }

    /**
     * Makes both copies agree with the post's truth rows and counts the liked ones. The post's likers
     * list is the witness: adapters write a like's entry in the user's liked posts no later than its
     * likers entry, and remove it no later (a Cassandra logged batch writes both together), so a
     * likers entry matching the truth stands for both copies. Entries the truth does not hold are
     * removed; liked rows without a matching entry get both written. Only broken likes cost writes;
     * holds the post's liked rows in memory. Safe next to live changes: a stray entry is judged by
     * the row as it is now, and every write carries the version of the state it comes from, so a
     * newer change always wins.
     *
     * @return the liked rows read
     */
    public long countAndRepair(long postId) {
        Map<Long, EdgeState> liked = new HashMap<>();
        for (EdgeState state : steps.readAll(postId)) {
            if (state.following()) {
                liked.put(state.followerId(), state);
            }
        }
        Set<Long> listed = new HashSet<>();
        Optional<LikeCursor> after = Optional.empty();
        List<Like> page;
        do {
            page = steps.likers(postId, after, REPAIR_PAGE);
            for (Like entry : page) {
                if (holds(liked.get(entry.userId()), entry) || holdsNow(postId, entry)) {
                    listed.add(entry.userId());
                }
            }
            if (!page.isEmpty()) {
                Like last = page.get(page.size() - 1);
                after = Optional.of(new LikeCursor(last.likedAt(), last.userId()));
            }
        } while (page.size() == REPAIR_PAGE);
        for (EdgeState state : liked.values()) {
            if (!listed.contains(state.followerId())) {
                steps.writeCopies(EdgeState.absent(state.followerId(), postId), state);
            }
        }
        return liked.size();
    }

    /**
     * Whether a likers entry the truth as first read does not hold is a like made since; if not, it
     * is left by an unlike or a re-like whose copies were interrupted, and goes with its pair.
     */
    private boolean holdsNow(long postId, Like entry) {
        EdgeState now = steps.read(postId, entry.userId());
        if (holds(now, entry)) {
            return true;
        }
        if (now.exists()) {
            steps.writeCopies(likedAt(now, entry.likedAt()), now);
        }
        return false;
    }

    private static boolean holds(EdgeState state, Like entry) {
        return state != null && state.following() && entry.likedAt().equals(state.since());
    }

    /** A liked state at {@code at}: as {@code previous}, it makes writeCopies remove the rows at that time. */
    private static EdgeState likedAt(EdgeState state, Instant at) {
        return new EdgeState(state.followerId(), state.followeeId(), true, at, state.version());
    }
}
