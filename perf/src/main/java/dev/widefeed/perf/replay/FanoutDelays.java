package dev.widefeed.perf.replay;

import dev.widefeed.feed.timeline.FanoutProgress;
import dev.widefeed.perf.results.ReplayResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * How long the delivery of each tracked post took, tier by tier, from its fan-out checkpoints in the store. A tier
 * counts from the post's creation (its id's time) to the tier's finish. Only finished tiers are reported: a tier
 * still under way when the waiting ends is left out (its post is reported with the tiers that did finish), and a
 * post whose fan-out left no checkpoint yet is left out altogether. Reads one checkpoint per post per look, so a
 * scenario passes the posts it cares about (a celebrity's, a sample), not every post of a long run.
 */
public final class FanoutDelays {
    private static final long POLL_MILLIS = 500;

    private FanoutDelays() {}

    /**
     * Looks up every post's delivery, looking again every half second while some are unfinished, for at most
     * {@code wait}; then reports each post's finished tiers, in the order given.
     *
     * @param deliveryOf a post's delivery checkpoint ({@code FanoutStore#progress} of its delivery)
     */
    public static List<ReplayResult.FanoutDelay> collect(
            LongFunction<Optional<FanoutProgress>> deliveryOf, Collection<CreatedPost> posts, Duration wait)
            throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        Map<Long, Optional<FanoutProgress>> progress = new LinkedHashMap<>();
        posts.forEach(p -> progress.put(p.postId(), Optional.empty()));
        while (true) {
            boolean allDone = true;
            for (Map.Entry<Long, Optional<FanoutProgress>> e : progress.entrySet()) {
                if (e.getValue().map(FanoutProgress::done).orElse(false)) {
                    continue;
                }
                e.setValue(deliveryOf.apply(e.getKey()));
                allDone &= e.getValue().map(FanoutProgress::done).orElse(false);
            }
            if (allDone || System.nanoTime() - until >= 0) {
                break;
            }
            Thread.sleep(POLL_MILLIS);
        }
        List<ReplayResult.FanoutDelay> delays = new ArrayList<>();
        progress.values().forEach(p -> p.ifPresent(found -> delays.add(delayOf(found))));
        return delays;
    }

    /** One post's finished tiers, as {@link #collect} reports them. */
    public static ReplayResult.FanoutDelay delayOf(FanoutProgress progress) {
        List<ReplayResult.TierDelay> tiers = new ArrayList<>();
        for (FanoutProgress.TierProgress tier : progress.tiers()) {
            tier.finishedAt()
                    .ifPresent(finished -> tiers.add(new ReplayResult.TierDelay(
                            tier.name(),
                            tier.pushed(),
                            Duration.between(progress.createdAt(), finished).toMillis() / 1e3)));
        }
        return new ReplayResult.FanoutDelay(
                progress.postId(), (int) Math.min(Integer.MAX_VALUE, progress.followers()), progress.mode(), tiers);
    }

    /** {@code result} with its fan-outs set: the replayer leaves them empty. */
    public static ReplayResult into(ReplayResult result, List<ReplayResult.FanoutDelay> fanouts) {
        return new ReplayResult(
                result.backend(),
                result.target(),
                result.offeredRate(),
                result.achievedRate(),
                result.seconds(),
                result.operations(),
                result.errors(),
                result.dropped(),
                result.byKind(),
                result.overTime(),
                List.copyOf(fanouts));
    }
}
