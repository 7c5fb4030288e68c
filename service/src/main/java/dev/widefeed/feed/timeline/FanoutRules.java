package dev.widefeed.feed.timeline;

import dev.widefeed.kernel.IdGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who gets a post pushed, and in what order: the hybrid rules of docs/design.md (Home timeline and fan-out).
 * <ul>
 *   <li>Only followers who read their home timeline within the widest tier's window get pushes;
 *       the rest are skipped and get the post by pull when they come back (a returning reader's
 *       home timeline is rebuilt from the followees' own lists).</li>
 *   <li>An author with at most {@code hybridAbove} followers is fanned out in one pass to every
 *       active follower ({@code push} mode).</li>
 *   <li>A bigger author is fanned out {@code hybrid}: one pass per tier, most active first, each
 *       with its own delivery deadline, so a celebrity's most engaged readers are served first and
 *       the long tail of rare readers costs nothing at post time.</li>
 * </ul>
 * Tiers nest: each tier's window contains the previous one's.
 */
public record FanoutRules(long hybridAbove, List<Tier> tiers) {

    /** Followers whose last home read is within {@code activeWithin} get the post within {@code deadline}. */
    public record Tier(String name, Duration activeWithin, Duration deadline) {
        public Tier {
            if (name == null
                    || name.isBlank()
                    || activeWithin.isNegative()
                    || activeWithin.isZero()
                    || deadline.isNegative()
                    || deadline.isZero()) {
                throw new IllegalArgumentException("a tier needs a name, a positive window and a positive deadline");
            }
        }
    }

    public static final String PUSH = "push";
    public static final String HYBRID = "hybrid";
    /** The author is pulled by their followers: the post goes into no inbox but its author's own. */
    public static final String PULL = "pull";

    public FanoutRules {
        tiers = List.copyOf(tiers);
        if (hybridAbove < 0 || tiers.isEmpty()) {
            throw new IllegalArgumentException("fan-out needs at least one tier and a non-negative hybrid threshold");
        }
        for (int i = 1; i < tiers.size(); i++) {
            if (tiers.get(i).activeWithin().compareTo(tiers.get(i - 1).activeWithin()) <= 0) {
                throw new IllegalArgumentException("each tier's window must be wider than the previous one's");
            }
        }
    }

    /** Beyond this since their last read, a user is inactive: no pushes; a rebuild by pull when they return. */
    public Duration activeWindow() {
        return tiers.get(tiers.size() - 1).activeWithin();
    }

    /**
     * The plan for a new task, before any page is done.
     *
     * @param pulled the post reached no inbox but its author's (a retraction) or will reach none (a delivery),
     *               because its followers pull the author
     */
    public FanoutProgress plan(long postId, FanoutKind kind, long followers, boolean pulled, Instant now) {
        Instant createdAt = IdGenerator.timeOf(postId);
        List<FanoutProgress.TierProgress> passes = new ArrayList<>();
        String mode;
        if (pulled) {
            mode = PULL; // no pass: only the author's own home timeline
        } else if (kind == FanoutKind.RETRACT) {
            mode = "retract";
            passes.add(pass("active", activeWindow(), tiers.get(0).deadline()));
        } else if (followers <= hybridAbove) {
            mode = PUSH;
            passes.add(pass("active", activeWindow(), tiers.get(0).deadline()));
        } else {
            mode = HYBRID;
            tiers.forEach(t -> passes.add(pass(t.name(), t.activeWithin(), t.deadline())));
        }
        return new FanoutProgress(
                postId,
                kind,
                mode,
                followers,
                passes,
                0,
                Optional.empty(),
                0,
                createdAt,
                now,
                Optional.empty(),
                Optional.empty());
    }

    /**
     * Whether pass {@code pass} of {@code progress} sends to a follower who last read at
     * {@code lastRead} (empty: never): within the pass's window, and not already sent to by the
     * previous pass that ran. A follower within that tier's window who has not read since that pass
     * started was within it then too, so that pass sent to them; one who read since may have been
     * classified otherwise then and is sent to again, which is harmless. A skipped tier served nobody,
     * so it is looked past: else a follower who read while it was being skipped would get no pass.
     */
    public static boolean sendsTo(FanoutProgress progress, int pass, Optional<Instant> lastRead, Instant now) {
        if (lastRead.isEmpty()) {
            return false;
        }
        FanoutProgress.TierProgress tier = progress.tiers().get(pass);
        if (lastRead.get().isBefore(now.minus(tier.activeWithin()))) {
            return false;
        }
        if (pass == 0) {
            return true;
        }
        FanoutProgress.TierProgress previous = progress.tiers().get(lastRunBefore(progress, pass));
        boolean inPrevious = !lastRead.get().isBefore(now.minus(previous.activeWithin()));
        boolean readSincePrevious = previous.startedAt()
                .map(started -> !lastRead.get().isBefore(started))
                .orElse(true);
        return !inPrevious || readSincePrevious;
    }

    /**
     * The last pass before {@code pass} that paged through the followers. The first always does; a
     * later tier the first pass counted no candidates in is skipped (see {@code fanout.FanoutWorker}).
     */
    private static int lastRunBefore(FanoutProgress progress, int pass) {
        int ran = pass - 1;
        while (ran > 0 && progress.tiers().get(ran).candidates() == 0) {
            ran--;
        }
        return ran;
    }

    /** The first of the plan's passes whose window holds {@code lastRead}, or -1: inactive (or never shared). */
    public static int tierOf(FanoutProgress progress, Optional<Instant> lastRead, Instant now) {
        if (lastRead.isPresent()) {
            for (int t = 0; t < progress.tiers().size(); t++) {
                if (!lastRead.get().isBefore(now.minus(progress.tiers().get(t).activeWithin()))) {
                    return t;
                }
            }
        }
        return -1;
    }

    /** The deadline of the pass under way (the last one's once done): what workers order tasks by. */
    public static Instant deadlineOf(FanoutProgress progress) {
        if (progress.tiers().isEmpty()) {
            return progress.createdAt();
        }
        int pass = Math.min(progress.pass(), progress.tiers().size() - 1);
        return progress.createdAt().plus(progress.tiers().get(pass).deadline());
    }

    private static FanoutProgress.TierProgress pass(String name, Duration activeWithin, Duration deadline) {
        return FanoutProgress.TierProgress.planned(name, activeWithin, deadline);
    }
}
