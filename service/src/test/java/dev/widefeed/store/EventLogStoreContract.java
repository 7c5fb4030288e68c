package dev.widefeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.eventlog.EventLogStore.SlotMark;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.testing.BackendContract;
import dev.widefeed.testing.TestBackend;
import dev.widefeed.testing.TestStorages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** What every backend's {@link EventLogStore} must do, run on every {@link TestBackend}. */
@BackendContract
public class EventLogStoreContract {
    private static final Duration LONG = Duration.ofSeconds(60);

    private final IdGenerator ids = TestStorages.ids();

    private final TestBackend backend;

    EventLogStoreContract(TestBackend backend) {
        this.backend = backend;
    }

    private Storage storage() {
        return backend.storage();
    }

    private EventLogStore log() {
        return storage().eventLog();
    }

    /**
     * A shard no other test and no earlier run used: watermarks and leases are per shard and outlive
     * a run (the test stores keep their data), so a test that needs "never saved" needs its own shard.
     * Below {@code Integer.MAX_VALUE} so that the next few shards up exist too.
     */
    private static int freshShard() {
        return ThreadLocalRandom.current().nextInt(1_000, Integer.MAX_VALUE - 8);
    }

    private static long thisMinute() {
        return Instant.now().getEpochSecond() / 60;
    }

    private LogEntry entry(int shard, long slot, String kind) {
        return new LogEntry(shard, slot, kind, ids.next(), ids.next());
    }

    /** Checks {@code condition} over and over until {@code duration} has passed since {@code startNanos}. */
    private static void holdsUntil(long startNanos, Duration duration, Callable<Boolean> condition) {
        Duration left = duration.minus(Duration.ofNanos(System.nanoTime() - startNanos));
        Duration during = left.isNegative() ? Duration.ZERO : left;
        await().during(during).atMost(during.plusSeconds(5)).until(condition);
    }

    /**
     * Once the lease a holder stopped renewing has run out: two seconds past the ttl at most (Cassandra counts a ttl in
     * whole seconds from the second the write lands in, and every lease is in one partition, whose compare-and-sets
     * take turns with those of the other tests' jobs).
     */
    private static void awaitFree(Callable<Boolean> taken, Duration ttl) {
        await("the lease free").atMost(ttl.plusSeconds(2)).until(taken);
    }

    @Test
    void entriesAreReadBackByShardAndSlotAndAppendedOnce() {
        int shard = freshShard();
        long slot = thisMinute();
        LogEntry deliver = entry(shard, slot, "fanout-deliver");
        LogEntry other = entry(shard, slot, "fanout-deliver");
        // The same subject and actor under another kind in the same minute is a second entry, not a rewrite.
        LogEntry retract = new LogEntry(shard, slot, "fanout-retract", deliver.subjectId(), deliver.actorId());
        // So is another actor on the same subject (two likes of one post).
        LogEntry otherActor = new LogEntry(shard, slot, "fanout-deliver", deliver.subjectId(), ids.next());
        LogEntry nextSlot = entry(shard, slot + 1, "fanout-deliver");
        LogEntry nextShard = entry(shard + 1, slot, "a-much-longer-kind-name-of-forty-chars-x");
        for (LogEntry entry : List.of(deliver, other, retract, otherActor, deliver, nextSlot, nextShard, deliver)) {
            log().append(entry);
        }
        assertThat(log().entries(shard, slot)).containsExactlyInAnyOrder(deliver, other, retract, otherActor);
        assertThat(log().entries(shard, slot + 1)).containsExactly(nextSlot);
        assertThat(log().entries(shard + 1, slot)).containsExactly(nextShard);
        assertThat(log().entries(shard, slot - 1)).isEmpty();
    }

    /** One event's entries share a slot; a block may span two (a minute's end) and two shards. */
    @Test
    void entriesAppendedAllAtOnceAreEachStoredMarkedAndHeard() {
        int shard = freshShard();
        long slot = thisMinute();
        String writer = log().ownAppends().orElseThrow().writer();
        List<LogEntry> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        Runnable stop = log().ownAppends().orElseThrow().listen(new EventLogStore.OwnAppends.Listener() {
            @Override
            public void appended(LogEntry entry) {
                if (entry.shard() == shard || entry.shard() == shard + 1) {
                    heard.add(entry);
                }
            }

            @Override
            public void uncertain(LogEntry entry) {
                throw new AssertionError("stored, yet uncertain: " + entry);
            }
        });
        LogEntry deliver = entry(shard, slot, "fanout-deliver");
        LogEntry index = new LogEntry(shard, slot, "index-post", deliver.subjectId(), deliver.actorId());
        LogEntry notify = new LogEntry(shard, slot, "notify-mention", deliver.subjectId(), ids.next());
        LogEntry nextSlot = entry(shard, slot + 1, "fanout-deliver");
        LogEntry otherShard = entry(shard + 1, slot, "fanout-deliver");
        try {
            log().appendAll(List.of(deliver, index, notify, nextSlot, otherShard));
        } finally {
            stop.run();
        }
        assertThat(log().entries(shard, slot)).containsExactlyInAnyOrder(deliver, index, notify);
        assertThat(log().entries(shard, slot + 1)).containsExactly(nextSlot);
        assertThat(log().entries(shard + 1, slot)).containsExactly(otherShard);
        assertThat(log().activeSlots(slot, slot + 1))
                .filteredOn(s -> s.shard() == shard || s.shard() == shard + 1)
                .containsExactlyInAnyOrder(
                        new SlotMark(shard, slot, writer),
                        new SlotMark(shard, slot + 1, writer),
                        new SlotMark(shard + 1, slot, writer));
        assertThat(heard).containsExactlyInAnyOrder(deliver, index, notify, nextSlot, otherShard);
    }

    @Test
    void anAppendedEntrysSlotIsListedActiveByItsWriterAndMarksAreReadAcrossHours() {
        int shard = freshShard();
        long slot = thisMinute();
        String writer = log().ownAppends().orElseThrow().writer();
        log().append(entry(shard, slot, "fanout-deliver"));
        log().append(entry(shard, slot, "fanout-deliver")); // marked once here, listed once
        assertThat(log().activeSlots(slot, slot))
                .filteredOn(s -> s.shard() == shard)
                .containsExactly(new SlotMark(shard, slot, writer));

        // Marks straight from the adapter's call, over an hour's end: 59 is the last minute of an hour.
        long hourEnd = (slot / 60) * 60 - 1;
        log().markActive(shard, hourEnd - 1, "w1");
        log().markActive(shard, hourEnd, "w1");
        log().markActive(shard, hourEnd, "w2"); // another instance in the same slot
        log().markActive(shard, hourEnd + 1, "w1");
        log().markActive(shard + 1, hourEnd, "w1");
        log().markActive(shard, hourEnd, "w1"); // again: idempotent
        assertThat(log().activeSlots(hourEnd, hourEnd + 1))
                .filteredOn(s -> s.shard() == shard)
                .containsExactlyInAnyOrder(
                        new SlotMark(shard, hourEnd, "w1"),
                        new SlotMark(shard, hourEnd, "w2"),
                        new SlotMark(shard, hourEnd + 1, "w1"));
        assertThat(log().activeSlots(hourEnd - 1, hourEnd - 1))
                .filteredOn(s -> s.shard() == shard)
                .containsExactly(new SlotMark(shard, hourEnd - 1, "w1"));
        assertThat(log().activeSlots(hourEnd, hourEnd))
                .filteredOn(s -> s.shard() == shard + 1)
                .containsExactly(new SlotMark(shard + 1, hourEnd, "w1"));
        assertThat(log().activeSlots(slot + 1, slot + 50))
                .filteredOn(s -> s.shard() == shard)
                .isEmpty();
    }

    @Test
    void theProcesssAppendsAreHeardOnceStoredAndNotAfterItStopsListening() {
        int shard = freshShard();
        List<LogEntry> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Boolean> storedWhenHeard = new java.util.concurrent.CopyOnWriteArrayList<>();
        Runnable stop = log().ownAppends().orElseThrow().listen(new EventLogStore.OwnAppends.Listener() {
            @Override
            public void appended(LogEntry entry) {
                if (entry.shard() == shard) { // not the other tests' appends through the shared store
                    storedWhenHeard.add(
                            log().entries(entry.shard(), entry.slot()).contains(entry));
                    heard.add(entry);
                }
            }

            @Override
            public void uncertain(LogEntry entry) {
                if (entry.shard() == shard) {
                    heard.add(entry);
                }
            }
        });
        LogEntry first = entry(shard, thisMinute(), "fanout-deliver");
        log().append(first);
        stop.run();
        log().append(entry(shard, thisMinute(), "fanout-deliver"));
        assertThat(heard).containsExactly(first);
        assertThat(storedWhenHeard).as("stored before it is heard").containsExactly(true);
    }

    @Test
    void watermarkIsAbsentUntilSavedAndThenTheLastSaved() {
        int shard = freshShard();
        assertThat(log().watermark(shard)).isEmpty();
        log().saveWatermark(shard, 29_000_000L);
        assertThat(log().watermark(shard)).contains(29_000_000L);
        log().saveWatermark(shard, 29_000_007L);
        assertThat(log().watermark(shard)).contains(29_000_007L);
        assertThat(log().watermark(shard + 1)).isEmpty();
    }

    @Test
    void leaseIsHeldByOneOwnerWhoRenewsIt() {
        int shard = freshShard();
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue();
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue(); // a renewal
        assertThat(log().lease(shard, "worker-b", LONG)).isFalse();
        assertThat(log().lease(shard + 1, "worker-b", LONG)).isTrue(); // leases are per shard
        assertThat(log().lease(shard, "worker-b", LONG)).isFalse();
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue();
    }

    @Test
    void leaseIsFreeOnceItsHolderStopsRenewing() {
        int shard = freshShard();
        assertThat(log().lease(shard, "worker-a", Duration.ofSeconds(2))).isTrue();
        assertThat(log().lease(shard, "worker-b", Duration.ofSeconds(2))).isFalse();
        awaitFree(() -> log().lease(shard, "worker-b", LONG), Duration.ofSeconds(2));
        assertThat(log().lease(shard, "worker-a", LONG)).isFalse();
    }

    @Test
    void renewingExtendsTheLease() {
        int shard = freshShard();
        long start = System.nanoTime();
        assertThat(log().lease(shard, "worker-a", Duration.ofSeconds(3))).isTrue();
        holdsUntil(start, Duration.ofSeconds(1), () -> !log().lease(shard, "worker-b", LONG));
        assertThat(log().lease(shard, "worker-a", Duration.ofSeconds(20))).isTrue();
        // Past the first ttl, well within the renewed one, as in the renewal test below.
        holdsUntil(start, Duration.ofMillis(4_000), () -> !log().lease(shard, "worker-b", LONG));
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue();
    }

    @Test
    void releaseFreesTheLeaseOnlyForItsHolder() {
        int shard = freshShard();
        log().release(shard, "worker-a"); // never leased: nothing to do
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue();
        log().release(shard, "worker-b"); // not the holder: nothing happens
        assertThat(log().lease(shard, "worker-b", LONG)).isFalse();
        log().release(shard, "worker-a");
        assertThat(log().lease(shard, "worker-b", LONG)).isTrue(); // at once, no waiting for the ttl
        log().release(shard, "worker-a"); // released already; b's now
        assertThat(log().lease(shard, "worker-a", LONG)).isFalse();
        assertThat(log().lease(shard, "worker-b", LONG)).isTrue();
    }

    @Test
    void renewalExtendsOnlyTheHoldersLeaseAndTakesNoFreeOne() {
        int shard = freshShard();
        assertThat(log().renew(shard, "worker-a", LONG))
                .as("never taken: nothing to renew")
                .isFalse();
        assertThat(log().lease(shard, "worker-b", LONG))
                .as("and the renewal took nothing")
                .isTrue();
        log().release(shard, "worker-b");

        int other = freshShard();
        long start = System.nanoTime();
        assertThat(log().lease(other, "worker-a", Duration.ofSeconds(3))).isTrue();
        holdsUntil(start, Duration.ofSeconds(1), () -> !log().renew(other, "worker-b", LONG));
        assertThat(log().renew(other, "worker-a", Duration.ofSeconds(20))).isTrue();
        // Past the first ttl, well within the renewed one: a store call under load has taken seconds, and the last
        // check, begun before 4 s, must still end within the renewed ttl.
        holdsUntil(start, Duration.ofMillis(4_000), () -> !log().lease(other, "worker-b", LONG));
        assertThat(log().renew(other, "worker-a", LONG)).isTrue();
        assertThat(log().lease(other, "worker-a", LONG))
                .as("a renewed lease is the holder's as before")
                .isTrue();
    }

    @Test
    void aLeaseTakenOverIsNotRenewedByItsFormerHolder() {
        int shard = freshShard();
        assertThat(log().lease(shard, "worker-a", Duration.ofSeconds(2))).isTrue();
        awaitFree(() -> log().lease(shard, "worker-b", LONG), Duration.ofSeconds(2));
        assertThat(log().renew(shard, "worker-a", LONG)).isFalse();
        assertThat(log().renew(shard, "worker-b", LONG)).isTrue();
    }

    @Test
    void allOfAnOwnersLeasesAreRenewedAtOnceAndTheLostOnesNamed() {
        int shard = freshShard();
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue();
        assertThat(log().lease(shard + 1, "worker-a", LONG)).isTrue();
        assertThat(log().lease(shard + 2, "worker-b", LONG)).isTrue();
        assertThat(log().lease(shard + 3, "worker-a", Duration.ofSeconds(2))).isTrue();
        awaitFree(() -> log().lease(shard + 3, "worker-b", LONG), Duration.ofSeconds(2));

        assertThat(log().renewAll(List.of(shard, shard + 1, shard + 2, shard + 3, shard + 4), "worker-a", LONG))
                .as("held by a: renewed; b's, taken over or never taken: not")
                .containsExactlyInAnyOrder(shard, shard + 1);
        assertThat(log().lease(shard + 2, "worker-a", LONG)).as("b's as before").isFalse();
        assertThat(log().lease(shard + 4, "worker-b", LONG))
                .as("the renewal took nothing")
                .isTrue();
        assertThat(log().renewAll(List.of(shard, shard + 1), "worker-a", LONG))
                .containsExactlyInAnyOrder(shard, shard + 1);
        assertThat(log().renewAll(List.of(), "worker-a", LONG)).isEmpty();
    }

    @Test
    void aRenewalOfAllExtendsEachLease() {
        int shard = freshShard();
        long start = System.nanoTime();
        assertThat(log().lease(shard, "worker-a", Duration.ofSeconds(3))).isTrue();
        assertThat(log().lease(shard + 1, "worker-a", Duration.ofSeconds(3))).isTrue();
        assertThat(log().renewAll(List.of(shard, shard + 1), "worker-a", Duration.ofSeconds(6)))
                .containsExactlyInAnyOrder(shard, shard + 1);
        // Past the first ttl, well within the renewed one.
        holdsUntil(
                start,
                Duration.ofMillis(4_000),
                () -> !log().lease(shard, "worker-b", LONG) && !log().lease(shard + 1, "worker-b", LONG));
    }

    @Test
    void theHoldersAreTheLeasesTakenAndNeitherExpiredNorGivenBack() {
        int shard = freshShard();
        assertThat(log().lease(shard, "worker-a", LONG)).isTrue();
        assertThat(log().lease(shard + 1, "worker-b", LONG)).isTrue();
        assertThat(log().lease(shard + 2, "worker-a", Duration.ofSeconds(2))).isTrue();
        assertThat(log().holders())
                .containsEntry(shard, "worker-a")
                .containsEntry(shard + 1, "worker-b")
                .containsEntry(shard + 2, "worker-a")
                .doesNotContainKey(shard + 3);

        log().release(shard, "worker-a");
        await("the short lease expired")
                .atMost(Duration.ofSeconds(4))
                .until(() -> !log().holders().containsKey(shard + 2));
        assertThat(log().holders()).doesNotContainKeys(shard, shard + 2).containsEntry(shard + 1, "worker-b");
    }
}
