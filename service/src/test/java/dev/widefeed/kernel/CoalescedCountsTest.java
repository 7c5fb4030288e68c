package dev.widefeed.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CoalescedCountsTest {
    private final Map<Long, Long> counters = new ConcurrentHashMap<>();
    private final List<Long> updates = new CopyOnWriteArrayList<>();
    private final Set<Long> dirty = ConcurrentHashMap.newKeySet();
    /**
     * Stopped: whether an update landed past the settle bound is then decided by the times the tests give their changes,
     * not by how long a busy machine takes to run the update.
     */
    private final Clock clock = Clock.fixed(Instant.now(), ZoneOffset.UTC);

    private final Threads threads = new Threads();

    @AfterEach
    void stopThreads() {
        threads.close();
    }

    private CoalescedCounts<Long> counts(Duration interval, CounterUpdates.Update<Long> update) {
        return new CoalescedCounts<>(
                "test", Long::sum, update, dirty::add, KnownPointCount.Bounds.DEFAULT, clock, interval, 2, threads);
    }

    private void apply(long id, long delta) {
        updates.add(id);
        counters.merge(id, delta, Long::sum);
    }

    @Test
    void aBurstOfChangesOfOneCounterIsOneUpdateWithTheirSum() throws Exception {
        // An interval long enough that the whole burst lands in it, however slow the machine.
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(90), this::apply)) {
            ExecutorService likers = Executors.newFixedThreadPool(8);
            CountDownLatch go = new CountDownLatch(1);
            for (int i = 0; i < 1_000; i++) {
                long delta = i % 10 == 9 ? -1 : 1;
                likers.execute(() -> {
                    awaitQuietly(go);
                    counts.add(7, delta, clock.instant());
                });
            }
            counts.add(8, 1L, clock.instant());
            go.countDown();
            likers.shutdown();
            assertThat(likers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            counts.flush();
            assertThat(counters).containsEntry(7L, 800L).containsEntry(8L, 1L);
            assertThat(counts.added()).isEqualTo(1_001);
            assertThat(counts.updates())
                    .as("updates of one counter, a few intervals' worth at most")
                    .isEqualTo(updates.size())
                    .isLessThan(20);
        }
    }

    @Test
    void aDeltaIsAppliedWithinTheIntervalWithoutAFlush() {
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(20), this::apply)) {
            counts.add(3, 1L, clock.instant());
            await().atMost(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofMillis(5))
                    .until(() -> counters.containsKey(3L));
            assertThat(counters).containsEntry(3L, 1L);
            assertThat(dirty).isEmpty();
        }
    }

    @Test
    void anUpdateThatFailsMarksItsCounterAndTheOthersGoOn() {
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(20), (id, delta) -> {
            if (id == 1) {
                throw new UnknownOutcomeException("timed out", null);
            }
            apply(id, delta);
        })) {
            counts.add(1, 1L, clock.instant());
            counts.add(2, 1L, clock.instant());
            counts.flush();
            assertThat(dirty).containsExactly(1L);
            assertThat(counters).containsOnlyKeys(2L);
        }
    }

    @Test
    void anUpdateLandingPastTheSettleBoundAfterItsEarliestChangeMarksItsCounter() {
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(20), this::apply)) {
            counts.add(4, 1L, clock.instant().minusMillis(150)); // a change whose compare-and-set was slow
            counts.add(4, 1L, clock.instant());
            counts.add(5, 1L, clock.instant());
            counts.flush();
            assertThat(counters).containsEntry(4L, 2L).containsEntry(5L, 1L);
            assertThat(dirty).containsExactly(4L);
        }
    }

    @Test
    void closingAppliesWhatWaitsAndLaterChangesAreAppliedAtOnce() {
        CoalescedCounts<Long> counts = counts(Duration.ofMillis(90), this::apply);
        counts.add(6, 2L, clock.instant());
        counts.close();
        assertThat(counters).containsEntry(6L, 2L);
        counts.add(6, 1L, clock.instant());
        assertThat(counters).containsEntry(6L, 3L);
        assertThat(counts.waiting()).isZero();
    }

    @Test
    void whatIsNotAppliedYetIsKnownWhileItWaitsAndWhileItsUpdateIsUnderWay() throws Exception {
        CountDownLatch updating = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // Flushed by hand only: a background flush would apply the second change before it is looked for.
        KnownPointCount.Bounds slow = new KnownPointCount.Bounds(
                Duration.ofHours(1), Duration.ofMillis(20), Duration.ofMinutes(1), 16, Duration.ofMillis(25));
        try (CoalescedCounts<Long> counts = new CoalescedCounts<>(
                "test",
                Long::sum,
                (id, delta) -> {
                    updating.countDown();
                    awaitQuietly(release);
                    apply(id, delta);
                },
                dirty::add,
                slow,
                clock,
                Duration.ofMinutes(10),
                2,
                threads)) {
            assertThat(counts.unapplied(9)).isEmpty();
            counts.add(9, 2L, clock.instant());
            assertThat(counts.unapplied(9)).contains(2L);
            ExecutorService flushing = Executors.newSingleThreadExecutor();
            var flushed = flushing.submit(counts::flush);
            assertThat(updating.await(5, TimeUnit.SECONDS)).isTrue();
            counts.add(9, 1L, clock.instant()); // waits for the next update
            assertThat(counts.unapplied(9)).as("in flight and waiting").contains(3L);
            release.countDown();
            flushed.get(5, TimeUnit.SECONDS);
            assertThat(counts.unapplied(9)).contains(1L);
            counts.flush();
            assertThat(counts.unapplied(9)).isEmpty();
            assertThat(counters).containsEntry(9L, 3L);
            flushing.shutdown();
        }
    }

    @Test
    void aCallbackRunsOnceItsUpdateLandedAndNotWhenItFailed() {
        List<String> ran = new CopyOnWriteArrayList<>();
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(20), (id, delta) -> {
            if (id == 2) {
                throw new TemporaryStoreException("down", null);
            }
            apply(id, delta);
        })) {
            counts.add(1, 1L, clock.instant(), () -> ran.add("one"));
            counts.add(2, 1L, clock.instant(), () -> ran.add("two"));
            counts.flush();
            assertThat(ran).containsExactly("one");
            assertThat(dirty).containsExactly(2L);
        }
    }

    @Test
    void aReadSettlesItsCountersUpdatesAtOnceSoTheStoreHoldsThemAndNothingWaits() throws InterruptedException {
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(90), this::apply)) {
            counts.add(7L, 1L, clock.instant());
            counts.add(7L, 2L, clock.instant());
            assertThat(counts.settle(7L, Duration.ofSeconds(5))).isTrue();
            assertThat(counters).as("in the store once settled").containsEntry(7L, 3L);
            assertThat(counts.waiting(7L)).isEmpty();
            assertThat(counts.unapplied(7L)).isEmpty();
            assertThat(counts.settle(8L, Duration.ZERO))
                    .as("nothing of it pending")
                    .isTrue();

            // A change made after the read began does not hold it up: it is added to the read, not waited for.
            counts.add(9L, 4L, clock.instant().plusSeconds(1));
            assertThat(counts.settle(9L, Duration.ZERO)).isTrue();
            assertThat(counts.waiting(9L)).contains(4L);
        }
    }

    @Test
    void aReadAddsExactlyWhatWaitsWhenNoUpdateLandedWhileItRan() {
        // Flushed by hand only: an interval no test waits out.
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(90), this::apply)) {
            counts.add(1L, 5L, clock.instant());
            counts.flush();
            counts.add(1L, 2L, clock.instant());
            List<Long> reads = new CopyOnWriteArrayList<>();

            Map<Long, Long> read = counts.read(List.of(1L, 2L), ids -> storeRead(ids, reads), Long::sum);

            assertThat(read).containsEntry(1L, 7L).containsEntry(2L, 0L);
            assertThat(reads).as("one read of both").containsExactly(2L);
        }
    }

    @Test
    void anUpdateLandingWhileTheStoreIsReadHasItReadAgainSoItCountsOnce() {
        try (CoalescedCounts<Long> counts = counts(Duration.ofMillis(90), this::apply)) {
            counts.add(1L, 5L, clock.instant());
            List<Long> reads = new CopyOnWriteArrayList<>();

            Map<Long, Long> read = counts.read(
                    List.of(1L),
                    ids -> {
                        Map<Long, Long> before = storeRead(ids, reads);
                        if (reads.size() == 1) {
                            counts.flush(); // lands after the store was read: not in what this read found
                        }
                        return before;
                    },
                    Long::sum);

            assertThat(read)
                    .as("not 0, which the first read and nothing waiting would make")
                    .containsEntry(1L, 5L);
            assertThat(reads).as("read twice").hasSize(2);
        }
    }

    @Test
    void anUpdateUnderWayWhenTheReadBeginsHasItReadAgainOnceItLanded() throws Exception {
        try (HeldFlush held = new HeldFlush().underWay(1L, 5L)) {
            List<Long> reads = new CopyOnWriteArrayList<>();

            Map<Long, Long> read = held.counts.read(
                    List.of(1L),
                    ids -> {
                        Map<Long, Long> found = storeRead(ids, reads);
                        if (reads.size() == 1) {
                            held.release();
                        }
                        return found;
                    },
                    Long::sum);

            assertThat(read).containsEntry(1L, 5L);
            assertThat(reads).as("read again once the update landed").hasSize(2);
        }
    }

    @Test
    void anUpdateUnderWayThroughBothReadsIsAddedAsWhatMayBeMissing() throws Exception {
        try (HeldFlush held = new HeldFlush().underWay(1L, 5L)) {
            List<Long> reads = new CopyOnWriteArrayList<>();

            Map<Long, Long> read = held.counts.read(List.of(1L), ids -> storeRead(ids, reads), Long::sum);

            assertThat(read).containsEntry(1L, 5L);
            assertThat(reads).hasSize(2);
            held.release();
        }
    }

    /** Counts whose one flush is held with its update under way until {@link #release()}. */
    private final class HeldFlush implements AutoCloseable {
        private final CountDownLatch updating = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private final ExecutorService flushing = Executors.newSingleThreadExecutor();
        final CoalescedCounts<Long> counts = counts(Duration.ofMillis(90), (id, delta) -> {
            updating.countDown();
            awaitQuietly(released);
            apply(id, delta);
        });
        private Future<?> flushed;

        /** Adds the change and flushes it in the background; returns once its update is under way. */
        HeldFlush underWay(long id, long delta) throws InterruptedException {
            counts.add(id, delta, clock.instant());
            flushed = flushing.submit(counts::flush);
            assertThat(updating.await(5, TimeUnit.SECONDS)).isTrue();
            return this;
        }

        /** Lets the update land, and returns once it has. */
        void release() {
            released.countDown();
            awaitQuietly(flushed);
        }

        @Override
        public void close() {
            released.countDown();
            flushing.shutdown();
            counts.close();
        }
    }

    /** The store's counters of {@code ids} (0 for none); the read recorded in {@code reads} by its size. */
    private Map<Long, Long> storeRead(Collection<Long> ids, List<Long> reads) {
        reads.add((long) ids.size());
        Map<Long, Long> found = new HashMap<>();
        for (Long id : ids) {
            found.put(id, counters.getOrDefault(id, 0L));
        }
        return found;
    }

    private static void awaitQuietly(Future<?> future) {
        try {
            future.get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void anIntervalAsLongAsTheSettleBoundIsRefused() {
        assertThatThrownBy(() -> counts(Duration.ofMillis(100), this::apply))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
