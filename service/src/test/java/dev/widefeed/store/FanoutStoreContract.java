package dev.widefeed.store;

import dev.widefeed.feed.FanoutKind;
import dev.widefeed.feed.FanoutProgress;
import dev.widefeed.feed.FanoutProgress.TierProgress;
import dev.widefeed.feed.FanoutStore;
import dev.widefeed.feed.FanoutTask;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.TestStorages;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** What every backend's {@link FanoutStore} must do; one tiny subclass per backend runs it. */
public abstract class FanoutStoreContract {
    private static final Duration LONG = Duration.ofSeconds(60);

    private final IdGenerator ids = TestStorages.ids();

    protected abstract Storage storage();

    private FanoutStore fanout() {
        return storage().fanout();
    }

    /**
     * A shard no other test and no earlier run used: watermarks and leases are per shard and outlive
     * a run (the test stores keep their data), so a test that needs "never saved" needs its own shard.
     * Below {@code Integer.MAX_VALUE} so that the next shard up exists too.
     */
    private static int freshShard() {
        return ThreadLocalRandom.current().nextInt(1_000, Integer.MAX_VALUE - 1);
    }

    private static long thisMinute() {
        return Instant.now().getEpochSecond() / 60;
    }

    /** Whole milliseconds: what both backends keep of an instant. */
    private static Instant millisAgo(long millis) {
        return Instant.ofEpochMilli(System.currentTimeMillis() - millis);
    }

    private FanoutTask task(int shard, long slot, FanoutKind kind) {
        return new FanoutTask(shard, slot, ids.next(), ids.next(), kind);
    }

    /** Waits until {@code duration} has passed since {@code startNanos}. */
    private static void sleepUntil(long startNanos, Duration duration) throws InterruptedException {
        Thread.sleep(Math.max(0, duration.minus(Duration.ofNanos(System.nanoTime() - startNanos)).toMillis()));
    }

    @Test
    void tasksAreReadBackByShardAndSlotAndRecordedOnce() {
        int shard = freshShard();
        long slot = thisMinute();
        FanoutTask deliver = task(shard, slot, FanoutKind.DELIVER);
        FanoutTask other = task(shard, slot, FanoutKind.DELIVER);
        // The same post retracted in the same minute is a second task, not a rewrite of the first.
        FanoutTask retract = new FanoutTask(shard, slot, deliver.postId(), deliver.authorId(), FanoutKind.RETRACT);
        FanoutTask nextSlot = task(shard, slot + 1, FanoutKind.DELIVER);
        FanoutTask nextShard = task(shard + 1, slot, FanoutKind.RETRACT);
        for (FanoutTask task : List.of(deliver, other, retract, deliver, nextSlot, nextShard, deliver)) {
            fanout().enqueue(task);
        }
        assertThat(fanout().tasks(shard, slot)).containsExactlyInAnyOrder(deliver, other, retract);
        assertThat(fanout().tasks(shard, slot + 1)).containsExactly(nextSlot);
        assertThat(fanout().tasks(shard + 1, slot)).containsExactly(nextShard);
        assertThat(fanout().tasks(shard, slot - 1)).isEmpty();
    }

    @Test
    void watermarkIsAbsentUntilSavedAndThenTheLastSaved() {
        int shard = freshShard();
        assertThat(fanout().watermark(shard)).isEmpty();
        fanout().saveWatermark(shard, 29_000_000L);
        assertThat(fanout().watermark(shard)).contains(29_000_000L);
        fanout().saveWatermark(shard, 29_000_007L);
        assertThat(fanout().watermark(shard)).contains(29_000_007L);
        assertThat(fanout().watermark(shard + 1)).isEmpty();
    }

    @Test
    void progressRoundTripsWithEveryFieldAndIsReplacedWhole() {
        long postId = ids.next();
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).isEmpty();
        Instant created = millisAgo(60_000);
        FanoutProgress underWay = new FanoutProgress(postId, FanoutKind.DELIVER, "hybrid", 1_234_567,
                List.of(new TierProgress("hot", Duration.ofHours(1), Duration.ofSeconds(5), 41_000,
                                Optional.of(millisAgo(59_000)), Optional.of(millisAgo(50_000)), 41_000),
                        new TierProgress("warm", Duration.ofDays(1), Duration.ofMinutes(5), 900,
                                Optional.of(millisAgo(49_000)), Optional.empty(), 950),
                        new TierProgress("cool", Duration.ofDays(7), Duration.ofHours(1), 0, Optional.empty(),
                                Optional.empty(), 0)),
                1, Optional.of(new FollowCursor(millisAgo(86_400_000L * 400), ids.next())), 777_000, created,
                millisAgo(10), Optional.empty(), Optional.empty());
        fanout().saveProgress(underWay);
        fanout().saveProgress(underWay); // again: the same checkpoint
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).contains(underWay);
        assertThat(fanout().progress(postId, FanoutKind.RETRACT)).isEmpty();

        FanoutProgress ended = new FanoutProgress(postId, FanoutKind.DELIVER, "hybrid", 1_234_567,
                List.of(new TierProgress("hot", Duration.ofHours(1), Duration.ofSeconds(5), 41_000,
                        Optional.of(millisAgo(59_000)), Optional.of(millisAgo(50_000)), 41_000)),
                1, Optional.empty(), 0, created, millisAgo(0), Optional.of(millisAgo(0)), Optional.of("post deleted"));
        fanout().saveProgress(ended);
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).contains(ended);

        FanoutProgress retract = new FanoutProgress(postId, FanoutKind.RETRACT, "push", 3, List.of(), 0,
                Optional.empty(), 0, created, created, Optional.empty(), Optional.empty());
        fanout().saveProgress(retract);
        assertThat(fanout().progress(postId, FanoutKind.RETRACT)).contains(retract);
        assertThat(fanout().progress(postId, FanoutKind.DELIVER)).contains(ended);
    }

    @Test
    void leaseIsHeldByOneOwnerWhoRenewsIt() {
        int shard = freshShard();
        assertThat(fanout().lease(shard, "worker-a", LONG)).isTrue();
        assertThat(fanout().lease(shard, "worker-a", LONG)).isTrue(); // a renewal
        assertThat(fanout().lease(shard, "worker-b", LONG)).isFalse();
        assertThat(fanout().lease(shard + 1, "worker-b", LONG)).isTrue(); // leases are per shard
        assertThat(fanout().lease(shard, "worker-b", LONG)).isFalse();
        assertThat(fanout().lease(shard, "worker-a", LONG)).isTrue();
    }

    @Test
    void leaseIsFreeOnceItsHolderStopsRenewing() throws InterruptedException {
        int shard = freshShard();
        long start = System.nanoTime();
        assertThat(fanout().lease(shard, "worker-a", Duration.ofSeconds(2))).isTrue();
        assertThat(fanout().lease(shard, "worker-b", Duration.ofSeconds(2))).isFalse();
        sleepUntil(start, Duration.ofSeconds(3));
        assertThat(fanout().lease(shard, "worker-b", LONG)).isTrue();
        assertThat(fanout().lease(shard, "worker-a", LONG)).isFalse();
    }

    @Test
    void renewingExtendsTheLease() throws InterruptedException {
        int shard = freshShard();
        long start = System.nanoTime();
        assertThat(fanout().lease(shard, "worker-a", Duration.ofSeconds(3))).isTrue();
        sleepUntil(start, Duration.ofSeconds(1));
        assertThat(fanout().lease(shard, "worker-a", Duration.ofSeconds(6))).isTrue();
        sleepUntil(start, Duration.ofMillis(4_000)); // past the first ttl, well within the renewed one
        assertThat(fanout().lease(shard, "worker-b", LONG)).isFalse();
        assertThat(fanout().lease(shard, "worker-a", LONG)).isTrue();
    }

    @Test
    void releaseFreesTheLeaseOnlyForItsHolder() {
        int shard = freshShard();
        fanout().release(shard, "worker-a"); // never leased: nothing to do
        assertThat(fanout().lease(shard, "worker-a", LONG)).isTrue();
        fanout().release(shard, "worker-b"); // not the holder: nothing happens
        assertThat(fanout().lease(shard, "worker-b", LONG)).isFalse();
        fanout().release(shard, "worker-a");
        assertThat(fanout().lease(shard, "worker-b", LONG)).isTrue(); // at once, no waiting for the ttl
        fanout().release(shard, "worker-a"); // released already; b's now
        assertThat(fanout().lease(shard, "worker-a", LONG)).isFalse();
        assertThat(fanout().lease(shard, "worker-b", LONG)).isTrue();
    }
}
