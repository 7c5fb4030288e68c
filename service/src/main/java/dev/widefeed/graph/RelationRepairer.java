package dev.widefeed.graph;

import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.StableCount;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finishes follow/unfollow operations that a crash or a timeout left unfinished in the journal.
 * Replaying is safe whatever happened since: removals of the old copy rows are always right (an edge
 * never returns to an old since), and the new rows are written only if the truth row still holds
 * exactly the operation's result. Counts of the users involved are then recounted from the rows,
 * because whether the interrupted counter updates applied cannot be known.
 */
public final class RelationRepairer {
    private static final int COUNT_PAGE = 5_000;

    private final UserStore users;
    private final RelationStore relations;
    private final DirtyCounters dirty;

    /** @param dirty where a count that moved while it was recounted is marked for a later recount */
    public RelationRepairer(UserStore users, RelationStore relations, DirtyCounters dirty) {
        this.users = users;
        this.relations = relations;
        this.dirty = dirty;
    }

    public record Report(int operationsFinished, int usersRecounted, long countDrift) {}

    /** Finishes the unfinished operations issued in [from, to). */
    public Report repair(Instant from, Instant to) {
        List<RelationOp> unfinished = relations.unfinished(from, to);
        Report report = finish(unfinished);
        for (RelationOp op : unfinished) {
            relations.journalDone(op);
        }
        return report;
    }

    /**
     * Finishes again every operation issued in [from, to), done or not: after a restore, whose copies were taken
     * before the edges (docs/design.md, "Backup and restore"), an operation done after its copies were copied left
     * them behind its edge. Writing them at the edge's version again brings them level; nothing newer is overwritten.
     */
    public Report replay(Instant from, Instant to) {
        return finish(relations.journaled(from, to));
    }

    private Report finish(List<RelationOp> unfinished) {
        Set<Long> followers = new TreeSet<>();
        Set<Long> followees = new TreeSet<>();
        for (RelationOp op : unfinished) {
            // Decided, not plain: a compare-and-set cut off mid-round may still be completed by the next round on
            // the partition, after this entry is closed, and would leave its copies unwritten.
            FollowEdge truth = relations.decidedEdge(op.followerId(), op.followeeId());
            if (truth.version() < op.to().version()) {
                continue; // its compare-and-set never applied (versions only grow): nothing to finish or count
            }
            FollowEdge to2 = truth.equals(op.to()) ? op.to() : withoutNewRows(op.to());
            relations.writeCopies(op.from(), to2);
            followers.add(op.followerId());
            followees.add(op.followeeId());
        }
        long drift = 0;
        for (long follower : followers) {
            drift += Math.abs(settled(follower, recount(follower, true)));
        }
        for (long followee : followees) {
            drift += Math.abs(settled(followee, recount(followee, false)));
        }
        return new Report(unfinished.size(), followers.size() + followees.size(), drift);
    }

    /**
     * Sets the user's following count to the number of rows; returns the correction applied (0 when
     * a live follow raced the count: see {@link StableCount}).
     */
    public long recountFollowing(long userId) {
        return recount(userId, true).delta();
    }

    /** Sets the user's followers count to the number of rows, like {@link #recountFollowing}. */
    public long recountFollowers(long userId) {
        return recount(userId, false).delta();
    }

    /** Recounts the user's following (or followers) count; whether a live follow raced it is in the outcome. */
    public StableCount.Outcome recount(long userId, boolean following) {
        return following
                ? StableCount.correct(
                        () -> users.counts(userId).following(),
                        () -> countRows(userId, true),
                        delta -> users.addCounts(userId, UserCounts.following(delta)))
                : StableCount.correct(
                        () -> users.counts(userId).followers(),
                        () -> countRows(userId, false),
                        delta -> users.addCounts(userId, UserCounts.followers(delta)));
    }

    /** A recount a live follow raced is left to the dirty counters' recount, which tries again. */
    private long settled(long userId, StableCount.Outcome outcome) {
        if (outcome.raced()) {
            dirty.user(userId);
        }
        return outcome.delta();
    }

    private long countRows(long userId, boolean following) {
        long rows = 0;
        Optional<FollowCursor> after = Optional.empty();
        while (true) {
            List<Follow> page = following
                    ? relations.following(userId, after, COUNT_PAGE)
                    : relations.followers(userId, after, COUNT_PAGE);
            rows += page.size();
            if (page.size() < COUNT_PAGE) {
                return rows;
            }
            after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
        }
    }

    /** The op's result with nothing to add: only its removals are replayed. */
    private static FollowEdge withoutNewRows(FollowEdge to) {
        return new FollowEdge(to.followerId(), to.followeeId(), false, to.since(), to.version());
    }
}
