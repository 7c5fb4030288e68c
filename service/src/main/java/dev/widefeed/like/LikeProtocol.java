package dev.widefeed.like;

import dev.widefeed.kernel.CasSettlement;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.EdgeProtocol;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How likes change and are repaired: the edge protocol ({@link EdgeProtocol}) over a
 * {@link LikeStore}. There is no journal: a change interrupted after its compare-and-set is found by
 * {@link #countAndRepair}, which reconciliation runs; a change whose copies failed marks its post, so the
 * service's own recount of it runs that repair within minutes.
 */
public final class LikeProtocol {
    private static final Logger LOG = LoggerFactory.getLogger(LikeProtocol.class);
    private static final int REPAIR_PAGE = 5_000;

    private final LikeStore store;
    private final DirtyCounters marks;
    private final CasSettlement settlement;

    /**
     * @param marks where a post whose like copies were not all written is named for its recount; a compare-and-set
     *              whose outcome the store could not report is settled within the default budget
     */
    public LikeProtocol(LikeStore store, DirtyCounters marks) {
        this.store = store;
        this.marks = marks;
        this.settlement = new CasSettlement(CasSettlement.Budget.DEFAULT);
    }

    /** Creates the like if absent; whether this call did (false: it was there already). */
    public boolean like(long postId, long userId, Instant at) {
        return change(postId, userId, true, at).isPresent();
    }

    /** Removes the like if present; whether this call did. */
    public boolean unlike(long postId, long userId, Instant at) {
        return change(postId, userId, false, at).isPresent();
    }

    /** Sets the like to {@code liked}; the state this call replaced, empty when it was so already. */
    public Optional<LikeEdge> change(long postId, long userId, boolean liked, Instant now) {
        return change(postId, userId, liked, now, () -> {});
    }

    /**
     * {@link #change(long, long, boolean, Instant)}, settling a compare-and-set whose outcome the store could not
     * report by trying it again ({@link CasSettlement}) before giving up with an unknown outcome.
     *
     * @param doubt told when the answer may be wrong about whether this call changed the like (a try of unknown
     *              outcome, then a row that could also be another request's doing), so its counter may be off
     */
    public Optional<LikeEdge> change(long postId, long userId, boolean liked, Instant now, Runnable doubt) {
        AtomicReference<LikeEdge> replaced = new AtomicReference<>();
        // Most likes are a user's first of the post: the first try sets the row from never written without reading
        // it, and a row that is there fails it, which reads it and goes on as usual (an unlike reads first: only a
        // row that is there can be taken back).
        Optional<LikeEdge> first = liked ? Optional.of(LikeEdge.absent(postId, userId)) : Optional.empty();
        boolean changed = EdgeProtocol.change(
                first,
                () -> store.edge(postId, userId),
                () -> store.decidedEdge(postId, userId),
                liked,
                now,
                (current, next) -> {
                    CasSettlement.Outcome outcome = settlement.apply(
                            () -> store.compareAndSet(current, next), () -> holds(store.edge(postId, userId), next));
                    if (outcome == CasSettlement.Outcome.HELD || outcome == CasSettlement.Outcome.REPLACED) {
                        doubt.run();
                    }
                    if (outcome != CasSettlement.Outcome.APPLIED && outcome != CasSettlement.Outcome.HELD) {
                        return false; // lost a race with the same user's other request: read the new state again
                    }
                    replaced.set(current);
                    completeApplied(current, next);
                    return true;
                },
                () -> "the like of post " + postId + " by " + userId);
        return changed ? Optional.of(replaced.get()) : Optional.empty();
    }

    /**
     * The like changed, so the caller must count it whatever happens to the copies: a failure here
     * is left for {@link #countAndRepair} rather than reported as a failed like.
     */
    private void completeApplied(LikeEdge previous, LikeEdge next) {
        try {
            store.applied(previous, next);
        } catch (RuntimeException e) {
            LOG.warn(
                    "like of post {} by {} changed but its list copies were not all written; "
                            + "the post's recount repairs them: {}",
                    next.postId(),
                    next.userId(),
                    e.toString());
            marks.post(next.postId());
        }
    }

    /**
     * Makes both copies agree with the post's truth rows and counts the liked ones. The post's likers
     * list is the witness: adapters write a like's entry in the user's liked posts no later than its
     * likers entry, and remove it no later (both write the liked posts first), so a
     * likers entry matching the truth stands for both copies. Entries the truth does not hold are
     * removed; liked rows without a matching entry get both written. Only broken likes cost writes;
     * holds the post's liked rows in memory. Safe next to live changes: a stray entry is judged by
     * the row as it is now, and every write carries the version of the state it comes from, so a
     * newer change always wins.
     *
     * @return the liked rows read
     */
    public long countAndRepair(long postId) {
        return repair(postId).stream().filter(LikeEdge::liked).count();
    }

    /** {@link #countAndRepair}, answering every like row of the post as first read, liked or not. */
    public List<LikeEdge> repair(long postId) {
        List<LikeEdge> rows = store.edges(postId);
        Map<Long, LikeEdge> liked = new HashMap<>();
        for (LikeEdge state : rows) {
            if (state.liked()) {
                liked.put(state.userId(), state);
            }
        }
        Set<Long> listed = new HashSet<>();
        Optional<LikeCursor> after = Optional.empty();
        List<Like> page;
        do {
            page = store.likers(postId, after, REPAIR_PAGE);
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
        for (LikeEdge state : liked.values()) {
            if (!listed.contains(state.userId())) {
                store.writeCopies(LikeEdge.absent(postId, state.userId()), state);
            }
        }
        return rows;
    }

    /**
     * Whether a likers entry the truth as first read does not hold is a like made since; if not, it
     * is left by an unlike or a re-like whose copies were interrupted, and goes with its pair.
     */
    private boolean holdsNow(long postId, Like entry) {
        LikeEdge now = store.edge(postId, entry.userId());
        if (holds(now, entry)) {
            return true;
        }
        if (now.exists()) {
            store.writeCopies(likedAt(now, entry.likedAt()), now);
        }
        return false;
    }

    private static boolean holds(LikeEdge row, LikeEdge proposed) {
        return row.liked() == proposed.liked() && row.version() == proposed.version();
    }

    private static boolean holds(LikeEdge state, Like entry) {
        return state != null && state.liked() && entry.likedAt().equals(state.likedAt());
    }

    /** A liked state at {@code at}: as {@code previous}, it makes writeCopies remove the rows at that time. */
    private static LikeEdge likedAt(LikeEdge state, Instant at) {
        return new LikeEdge(state.postId(), state.userId(), true, at, state.version());
    }
}
