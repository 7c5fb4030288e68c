package dev.widefeed.feed.timeline;

import dev.widefeed.graph.FollowCursor;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A fan-out task's plan and checkpoint, saved after every page of followers: which pass (tier) it
 * is in, the followers cursor the next page starts after, and what it has done so far. A worker
 * that resumes after a crash starts from here; the page in flight at the crash is pushed again,
 * which is harmless because home timeline entries are keyed by post id.
 *
 * @param mode           {@code push} (one pass to every active follower) or {@code hybrid} (one
 *                       pass per activity tier, most active first; the rest by pull)
 * @param followers      the author's follower count when the plan was made
 * @param tiers          one entry per pass, in order
 * @param pass           the index in {@code tiers} of the pass under way ({@code tiers.size()} when done)
 * @param cursor         where the current pass's next page of followers starts, empty at its start
 * @param skippedInactive followers that were in no tier (they get the post by pull when they return)
 * @param endedBecause   why it ended early, if it did (the post was deleted meanwhile)
 */
public record FanoutProgress(
        long postId,
        FanoutKind kind,
        String mode,
        long followers,
        List<TierProgress> tiers,
        int pass,
        Optional<FollowCursor> cursor,
        long skippedInactive,
        Instant createdAt,
        Instant updatedAt,
        Optional<Instant> finishedAt,
        Optional<String> endedBecause) {

    /**
     * One pass: followers whose last home read is within {@code activeWithin} (and, after the first
     * tier, not within the previous tier's) get the post, {@code deadline} after the post was created.
     * {@code candidates}: the followers the first pass found in this tier (for the first tier, those
     * it pushed to); a later tier with none is skipped instead of paging through everyone again.
     * {@code pulled}: the followers this pass reached whose edge to the author is pulled (per-edge
     * rule), so they were not pushed the post and merge it into their pages when they read.
     */
    public record TierProgress(
            String name,
            Duration activeWithin,
            Duration deadline,
            long pushed,
            Optional<Instant> startedAt,
            Optional<Instant> finishedAt,
            long candidates,
            long pulled) {
        public static TierProgress planned(String name, Duration activeWithin, Duration deadline) {
            return new TierProgress(name, activeWithin, deadline, 0, Optional.empty(), Optional.empty(), 0, 0);
        }

        public TierProgress started(Instant at) {
            return new TierProgress(
                    name, activeWithin, deadline, pushed, Optional.of(at), finishedAt, candidates, pulled);
        }

        /** A page of this pass read: its candidates counted, and the pass finished if it was the last page. */
        public TierProgress paged(long moreCandidates, Optional<Instant> finished) {
            return new TierProgress(
                    name, activeWithin, deadline, pushed, startedAt, finished, candidates + moreCandidates, pulled);
        }

        /** What pages' writes sent: followers pushed the post, and followers whose edge is pulled. */
        public TierProgress sent(long more, long morePulled) {
            return new TierProgress(
                    name,
                    activeWithin,
                    deadline,
                    pushed + more,
                    startedAt,
                    finishedAt,
                    candidates,
                    pulled + morePulled);
        }

        public TierProgress counted(long moreCandidates) {
            return new TierProgress(
                    name, activeWithin, deadline, pushed, startedAt, finishedAt, candidates + moreCandidates, pulled);
        }

        public TierProgress skipped(Instant at) {
            return new TierProgress(
                    name, activeWithin, deadline, pushed, Optional.of(at), Optional.of(at), candidates, pulled);
        }
    }

    public FanoutProgress {
        tiers = List.copyOf(tiers);
        if (postId <= 0 || kind == null || mode == null || pass < 0 || pass > tiers.size()) {
            throw new IllegalArgumentException("bad fan-out progress");
        }
    }

    public boolean done() {
        return finishedAt.isPresent();
    }

    public long pushed() {
        return tiers.stream().mapToLong(TierProgress::pushed).sum();
    }

    /** Followers reached whose edge is pulled: they merge the post in at read time instead. */
    public long pulled() {
        return tiers.stream().mapToLong(TierProgress::pulled).sum();
    }
}
