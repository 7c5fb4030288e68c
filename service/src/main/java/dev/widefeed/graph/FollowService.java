package dev.widefeed.graph;

import dev.widefeed.kernel.BestEffort;
import dev.widefeed.kernel.CoalescedCounts;
import dev.widefeed.kernel.CounterUpdates;
import dev.widefeed.kernel.DomainException;
import dev.widefeed.kernel.EdgeProtocol;
import dev.widefeed.kernel.Events;
import dev.widefeed.kernel.Futures;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.kernel.Page;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Follow, unfollow and the follow lists. Every change of an edge runs the same protocol:
 * journal the intent, compare-and-set the truth row, write both copies at the new version,
 * adjust both users' counts, journal done. A crash anywhere leaves either nothing applied or a
 * journal entry that {@link RelationRepairer} completes; concurrent changes of one edge are
 * serialised by the compare-and-set, so each applied change adjusts the counts exactly once.
 */
public final class FollowService {
    private final UserStore users;
    private final RelationStore relations;
    private final IdGenerator ids;
    private final Clock clock;
    private final RelationLimits limits;
    private final Executor batchExecutor;
    private final Events events;
    private final CounterUpdates<UserCounts> counts;

    /**
     * @param counts where an edge's change sends both users' counter deltas ({@link CoalescedCounts}: off the
     *               request); the change's journal entry is closed once both have landed, so until then the repairer
     *               would recount them
     */
    public FollowService(
            UserStore users,
            RelationStore relations,
            IdGenerator ids,
            Clock clock,
            RelationLimits limits,
            Executor batchExecutor,
            Events events,
            CounterUpdates<UserCounts> counts) {
        this.counts = counts;
        this.users = users;
        this.relations = relations;
        this.ids = ids;
        this.clock = clock;
        this.limits = limits;
        this.batchExecutor = batchExecutor;
        this.events = events;
    }

    /** @return whether the edge is new (false: {@code me} already followed {@code target}) */
    public boolean follow(long me, long target) {
        checkNotSelf(me, target);
        if (users.find(target).isEmpty()) {
            throw DomainException.notFound("no user " + target);
        }
        FollowEdge read = relations.edge(me, target);
        if (read.following()) {
            FollowEdge decided = relations.decidedEdge(me, target);
            if (decided.following()) {
                rewriteCopies(decided);
                return false;
            }
            read = decided;
        }
        checkFollowingLimit(me, 1);
        return change(me, target, true, Optional.of(read));
    }

    /** @return whether an edge was removed */
    public boolean unfollow(long me, long target) {
        return change(me, target, false, Optional.empty());
    }

    /**
     * Follows every user in {@code targets} (duplicates ignored); all must exist. The edges are
     * written concurrently on a bounded executor, so the request costs a few round trips, not one
     * per followee.
     *
     * @return how many edges are new
     */
    public int followAll(long me, List<Long> targets) {
        Set<Long> unique = new LinkedHashSet<>(targets);
        if (unique.isEmpty() || unique.size() > limits.maxBatchFollow()) {
            throw DomainException.invalid("ids must hold 1.." + limits.maxBatchFollow() + " users");
        }
        if (unique.contains(me)) {
            throw DomainException.invalid("cannot follow yourself");
        }
        Map<Long, User> found = users.findAll(unique);
        List<Long> unknown =
                unique.stream().filter(id -> !found.containsKey(id)).toList();
        if (!unknown.isEmpty()) {
            throw DomainException.notFound("no users " + unknown);
        }
        checkFollowingLimit(me, newEdgesAtMost(me, unique));
        List<CompletableFuture<Boolean>> results = new ArrayList<>(unique.size());
        try {
            for (long target : unique) {
                results.add(
                        CompletableFuture.supplyAsync(() -> change(me, target, true, Optional.empty()), batchExecutor));
            }
        } catch (RejectedExecutionException e) {
            // What was queued still runs; a retry of the whole batch is idempotent.
            throw new RejectedExecutionException("too many batch follows are waiting; try again shortly", e);
        }
        int added = 0;
        RuntimeException failure = null;
        for (CompletableFuture<Boolean> result : results) {
            try {
                added += Futures.join(result) ? 1 : 0;
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure; // the rest were applied; a retry of the whole batch is idempotent
        }
        return added;
    }

    public Relationship relationship(long a, long b) {
        requireUser(a);
        requireUser(b);
        return new Relationship(
                relations.edge(a, b).following(), relations.edge(b, a).following());
    }

    public Page<Follow, FollowCursor> following(long userId, Optional<FollowCursor> after, int limit) {
        requireUser(userId);
        return Page.of(relations.following(userId, after, limit + 1), limit, FollowCursor::after);
    }

    public Page<Follow, FollowCursor> followers(long userId, Optional<FollowCursor> after, int limit) {
        requireUser(userId);
        return Page.of(relations.followers(userId, after, limit + 1), limit, FollowCursor::after);
    }

    /**
     * The edge protocol, with a journal entry around the compare-and-set for the repairer.
     *
     * @param read the edge as the caller just read it, taken as the protocol's first read (a compare-and-set from a
     *             state no longer there fails, and the protocol reads again)
     */
    private boolean change(long me, long target, boolean follow, Optional<FollowEdge> read) {
        Instant now = clock.instant();
        FollowEvent event = follow ? new FollowEvent.Followed(me, target, now) : new FollowEvent.Unfollowed(me, target);
        events.record(event);
        AtomicReference<FollowEdge> lastRead = new AtomicReference<>();
        boolean changed = EdgeProtocol.change(
                read,
                () -> relations.edge(me, target),
                () -> {
                    lastRead.set(relations.decidedEdge(me, target));
                    return lastRead.get();
                },
                follow,
                now,
                (current, next) -> {
                    RelationOp op = new RelationOp(ids.next(), current, next);
                    relations.journalIntent(op);
                    if (!relations.compareAndSet(current, next)) {
                        relations.journalDone(op); // lost the race: nothing to finish, read the new state again
                        return false;
                    }
                    completeApplied(op);
                    return true;
                },
                () -> "the follow edge " + me + " -> " + target);
        if (changed) {
            events.publish(event);
        } else {
            rewriteCopies(lastRead.get());
        }
        return changed;
    }

    /**
     * The edge already is as asked, often because this is the retry of a request whose answer was lost after its
     * compare-and-set applied: write the copies of that state again, so the retry shows in both lists now rather
     * than after the repairer's next pass. Idempotent: the same rows at the truth's version, which a later change
     * outranks. The counts are the repairer's (the journal entry of the interrupted change is still unfinished).
     */
    private void rewriteCopies(FollowEdge edge) {
        BestEffort.run(
                () -> relations.writeCopies(edge, edge),
                "follow edge " + edge.followerId() + " -> "
                        + edge.followeeId()
                        + " is as asked but its copies could not be rewritten; the relation repairer "
                        + "finishes any change left unfinished");
    }

    /**
     * The edge changed: make the copies agree before answering (the actor sees the follow in both lists at once),
     * and hand on both counts; the journal entry is closed once both landed. Failures here are left to the repairer
     * (the journal entry stays unfinished) rather than reported, because the change itself is done.
     */
    private void completeApplied(RelationOp op) {
        String left = "follow edge " + op.followerId() + " -> " + op.followeeId() + " changed but its copies or counts "
                + "were not all written; the relation repairer will finish it";
        BestEffort.run(
                () -> {
                    // The change's time is before its copies (the rows a recount counts) are written: an update that
                    // lands within the settle bound of it lands within the bound of a recount's seeing them
                    // (docs/design.md, "Counters that heal").
                    Instant at = clock.instant();
                    relations.writeCopies(op.from(), op.to());
                    long delta = op.to().following() ? 1 : -1;
                    AtomicInteger waiting = new AtomicInteger(2);
                    Runnable closeJournal = () -> {
                        if (waiting.decrementAndGet() == 0) {
                            BestEffort.run(() -> relations.journalDone(op), left);
                        }
                    };
                    counts.add(op.followerId(), UserCounts.following(delta), at, closeJournal);
                    counts.add(op.followeeId(), UserCounts.followers(delta), at, closeJournal);
                },
                left);
    }

    /**
     * How many of {@code targets} the user does not follow yet, counted edge by edge only when the
     * cheap bound (all of them) would pass the limit, so re-sending a batch near the limit is not refused.
     */
    private int newEdgesAtMost(long me, Set<Long> targets) {
        if (users.counts(me).following() + targets.size() <= limits.maxFollowing()) {
            return targets.size();
        }
        return (int)
                targets.stream().filter(t -> !relations.edge(me, t).following()).count();
    }

    private void checkNotSelf(long me, long target) {
        if (me == target) {
            throw DomainException.invalid("cannot follow yourself");
        }
    }

    private void checkFollowingLimit(long me, int adding) {
        if (users.counts(me).following() + adding > limits.maxFollowing()) {
            throw DomainException.invalid("following limit of " + limits.maxFollowing() + " users reached");
        }
    }

    private void requireUser(long userId) {
        if (users.find(userId).isEmpty()) {
            throw DomainException.notFound("no user " + userId);
        }
    }
}
