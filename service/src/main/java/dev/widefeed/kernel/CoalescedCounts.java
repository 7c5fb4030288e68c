package dev.widefeed.kernel;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counter updates taken off the request and coalesced per counter (docs/design.md, "Counters that heal"): a change
 * adds its delta here once its truth row changed, and every {@code interval} the deltas of each counter are applied
 * as one update, on a few threads of their own. A post liked a thousand times a second gets one update per interval,
 * not one per like. An update that fails, or lands later than the settle bound after the earliest change it carries,
 * marks its counter dirty, as an update made in the request would: the recount's rules hold unchanged. Only a crash
 * of the instance loses what it had not applied yet (at most an interval's changes), which the full reconcile
 * settles, as it settles a crash between a row and its counter update.
 *
 * @param <D> a delta of the counters of one subject (a post's likes, ...)
 */
public final class CoalescedCounts<D> implements CounterUpdates<D>, PendingCounts<D>, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CoalescedCounts.class);
    private static final int ENDED_STRIPES = 64;

    /** The deltas waiting for one subject, when the earliest of their changes was, and what waits for them. */
    private record Waiting<D>(D delta, Instant earliest, List<Runnable> whenApplied) {
        Waiting<D> plus(Waiting<D> other, BinaryOperator<D> plus) {
            List<Runnable> both = whenApplied.isEmpty()
                    ? other.whenApplied
                    : other.whenApplied.isEmpty() ? whenApplied : concat(whenApplied, other.whenApplied);
            return new Waiting<>(
                    plus.apply(delta, other.delta),
                    earliest.isBefore(other.earliest) ? earliest : other.earliest,
                    both);
        }

        private static List<Runnable> concat(List<Runnable> a, List<Runnable> b) {
            List<Runnable> all = new ArrayList<>(a.size() + b.size());
            all.addAll(a);
            all.addAll(b);
            return all;
        }
    }

    private final String name;
    private final BinaryOperator<D> plus;
    private final Update<D> update;
    private final LongConsumer markDirty;
    private final KnownPointCount.Bounds bounds;
    private final Clock clock;
    private final Duration interval;
    private final ConcurrentHashMap<Long, Waiting<D>> waiting = new ConcurrentHashMap<>();
    /** Deltas taken by the flush under way, until their update is made; guarded by this. */
    private final Map<Long, D> inFlight = new HashMap<>();
    /**
     * Updates ended (landed or failed) so far, by stripe of their subjects' ids: whether one of a subject's updates
     * ended while a read of the store ran ({@link #read}); guarded by this.
     */
    private final long[] ended = new long[ENDED_STRIPES];

    private final ReentrantLock flushing = new ReentrantLock();
    private final ScheduledExecutorService flusher;
    private final ExecutorService appliers;
    private final AtomicBoolean flushAsked = new AtomicBoolean();
    private final AtomicLong added = new AtomicLong();
    private final AtomicLong applied = new AtomicLong();
    private volatile boolean closed;

    /** How long a delta waits for others of its subject at most, where nothing else is asked. */
    public static final Duration INTERVAL = Duration.ofMillis(20);

    /**
     * Updates applied at once, where nothing else is asked: a flush's updates go out together rather than a few at a
     * time, so the updates of a busy moment (many posts liked at once) land within the settle bound instead of
     * queueing past it and marking their counters for a recount. They wait on the store, not on a core.
     */
    public static final int THREADS = 16;

    /**
     * Counters of one kind off the request, each subject's deltas one update every {@link #INTERVAL}, within the
     * default bounds: how the service moves the counters its requests change (docs/design.md, "Counters that heal").
     */
    public static <D> CoalescedCounts<D> standard(
            String name,
            BinaryOperator<D> plus,
            Update<D> update,
            LongConsumer markDirty,
            Clock clock,
            Threads threads) {
        return new CoalescedCounts<>(
                name, plus, update, markDirty, KnownPointCount.Bounds.DEFAULT, clock, INTERVAL, THREADS, threads);
    }

    /**
     * @param name      what the counters are, for the log and the threads' names
     * @param plus      how two deltas of one subject add up
     * @param update    the counter update, not retried (a timed-out increment may have applied)
     * @param markDirty where a counter an update may have left off is marked for its recount
     * @param interval  how long a delta waits at most for others of its subject: well under the settle bound
     * @param appliers  updates applied at once
     * @param threads   where its flusher and appliers come from
     */
    public CoalescedCounts(
            String name,
            BinaryOperator<D> plus,
            Update<D> update,
            LongConsumer markDirty,
            KnownPointCount.Bounds bounds,
            Clock clock,
            Duration interval,
            int appliers,
            Threads threads) {
        if (interval.isNegative() || interval.compareTo(bounds.settle()) >= 0 || appliers < 1) {
            throw new IllegalArgumentException("the interval must be shorter than the settle bound");
        }
        this.name = name;
        this.plus = plus;
        this.update = update;
        this.markDirty = markDirty;
        this.bounds = bounds;
        this.clock = clock;
        this.interval = interval;
        this.flusher = threads.scheduled(name + "-counts-flush");
        this.appliers = threads.fixed(name + "-counts", appliers);
    }

    /** Adds {@code delta} to the subject's counters, applied within the interval; never throws for the store. */
    @Override
    public void add(long id, D delta, Instant changedAt) {
        add(id, delta, changedAt, List.of());
    }

    /**
     * {@link #add(long, Object, Instant)}, running {@code whenApplied} once the update that carries the delta has
     * landed, in the thread that applied it (a journal entry closed once its counts are in); not run when the update
     * failed. It must not throw.
     */
    @Override
    public void add(long id, D delta, Instant changedAt, Runnable whenApplied) {
        add(id, delta, changedAt, List.of(whenApplied));
    }

    private void add(long id, D delta, Instant changedAt, List<Runnable> whenApplied) {
        added.incrementAndGet();
        waiting.merge(id, new Waiting<>(delta, changedAt, whenApplied), (a, b) -> a.plus(b, plus));
        if (closed) {
            flush();
        } else if (flushAsked.compareAndSet(false, true)) {
            try {
                flusher.schedule(this::flushScheduled, interval.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) { // closing
                flushAsked.set(false);
                flush();
            }
        }
    }

    private void flushScheduled() {
        flushAsked.set(false);
        flush();
    }

    /**
     * Applies every delta waiting now, and returns once they are applied (or failed and were marked). What the
     * service's stop, and a test that reads the store's counters, calls.
     */
    public void flush() {
        flushing.lock(); // one at a time, so a counter has one update in flight at most
        try {
            List<CompletableFuture<Void>> updates = new ArrayList<>();
            for (Long id : List.copyOf(waiting.keySet())) {
                Waiting<D> taken;
                synchronized (this) {
                    taken = waiting.remove(id);
                    if (taken == null) {
                        continue;
                    }
                    inFlight.put(id, taken.delta());
                }
                if (closed) {
                    apply(id, taken);
                } else {
                    updates.add(CompletableFuture.runAsync(() -> apply(id, taken), appliers));
                }
            }
            updates.forEach(CompletableFuture::join);
        } finally {
            flushing.unlock();
        }
    }

    /**
     * Waits, at most {@code max}, until no update of the subject's counters is under way and none of the changes
     * this instance made to them before the call waits for one, asking for the flush at once: a read of the store's
     * counters made after it holds every change made before the call, and the {@link #waiting} ones read after it
     * (none of them in the store) are to be added to it. Changes made since do not hold the read up, so a counter
     * changing all the time (a popular user's followers) is waited for one update at most. Whether that happened
     * within {@code max}.
     */
    @Override
    public boolean settle(long id, Duration max) throws InterruptedException {
        Instant asOf = clock.instant();
        long deadline = System.nanoTime() + max.toNanos();
        boolean asked = false;
        while (true) {
            synchronized (this) {
                Waiting<D> w = waiting.get(id);
                if (!inFlight.containsKey(id) && (w == null || w.earliest().isAfter(asOf))) {
                    return true;
                }
            }
            if (System.nanoTime() >= deadline) {
                return false;
            }
            if (!asked) {
                asked = true;
                try {
                    flusher.execute(this::flush);
                } catch (RejectedExecutionException e) { // closing: what waits is applied by the stop
                    return false;
                }
            }
            Thread.sleep(1);
        }
    }

    /** What this instance added to the subject's counters that no update has taken yet: surely not in the store. */
    @Override
    public Optional<D> waiting(long id) {
        return Optional.ofNullable(waiting.get(id)).map(Waiting::delta);
    }

    /**
     * What this instance added to the subject's counters that the store may not hold yet (waiting, or in an update
     * under way), if anything: what a read of the store's counters adds to show the actor their own change at once.
     * Read it after the store's counters, so an update landing in between is missed (a count one change short for a
     * moment) rather than counted twice.
     */
    @Override
    public synchronized Optional<D> unapplied(long id) {
        Waiting<D> w = waiting.get(id);
        D flying = inFlight.get(id);
        if (w == null) {
            return Optional.ofNullable(flying);
        }
        return Optional.of(flying == null ? w.delta() : plus.apply(flying, w.delta()));
    }

    @Override
    public <C> Map<Long, C> read(
            Collection<Long> ids, Function<Collection<Long>, Map<Long, C>> read, BiFunction<C, D, C> plus) {
        Map<Long, C> counted = new HashMap<>();
        List<Long> unsure = readOnce(ids, read, plus, counted, true);
        if (!unsure.isEmpty()) {
            readOnce(unsure, read, plus, counted, false);
        }
        return counted;
    }

    /**
     * One read of the store's counters of {@code ids} into {@code counted}; answers the subjects it could not count
     * exactly, left out of {@code counted} when {@code again} (they are read again), else counted as best it can.
     */
    private <C> List<Long> readOnce(
            Collection<Long> ids,
            Function<Collection<Long>, Map<Long, C>> read,
            BiFunction<C, D, C> plus,
            Map<Long, C> counted,
            boolean again) {
        Map<Long, Long> endedBefore = new HashMap<>();
        synchronized (this) {
            for (Long id : ids) {
                if (!inFlight.containsKey(id)) { // one under way may land during the read, or may not
                    endedBefore.put(id, ended[stripe(id)]);
                }
            }
        }
        Map<Long, C> stored = read.apply(ids);
        List<Long> unsure = new ArrayList<>();
        synchronized (this) {
            stored.forEach((id, count) -> {
                Long before = endedBefore.get(id);
                boolean exact = before != null && before == ended[stripe(id)] && !inFlight.containsKey(id);
                if (!exact && again) {
                    unsure.add(id);
                    return;
                }
                Optional<D> add = exact ? waiting(id) : unapplied(id);
                counted.put(id, add.map(delta -> plus.apply(count, delta)).orElse(count));
            });
        }
        return unsure;
    }

    private static int stripe(long id) {
        return Math.floorMod(Long.hashCode(id), ENDED_STRIPES);
    }

    private void apply(long id, Waiting<D> taken) {
        boolean landed = false;
        try {
            update.apply(id, taken.delta());
            landed = true;
        } catch (RuntimeException e) {
            LOG.warn("the {} of {} may be off until its recount: {}", name, id, e.toString());
            markDirty.accept(id);
        } finally {
            synchronized (this) {
                inFlight.remove(id); // at once: from here on a read of the store holds it (or it failed, marked)
                ended[stripe(id)]++;
            }
        }
        applied.incrementAndGet();
        if (!landed) {
            return;
        }
        if (bounds.late(taken.earliest(), clock.instant())) {
            markDirty.accept(id);
        }
        try {
            taken.whenApplied().forEach(Runnable::run);
        } catch (RuntimeException e) {
            LOG.warn("after the {} of {} landed: {}", name, id, e.toString());
            markDirty.accept(id);
        }
    }

    /** Deltas added so far. */
    public long added() {
        return added.get();
    }

    /** Counter updates made so far: one per subject per interval, however many deltas it carried. */
    public long updates() {
        return applied.get();
    }

    /**
     * Applies what waits; later deltas are applied as they come, in the caller's thread, so the threads it was given
     * may stop after it.
     */
    @Override
    public void close() {
        flush();
        closed = true;
        flush(); // what came while the first flush ran
    }

    /** Subjects with deltas waiting now. */
    public int waiting() {
        return waiting.size();
    }

    @Override
    public String toString() {
        return name + " counts: " + Map.of("added", added.get(), "updates", applied.get(), "waiting", waiting.size());
    }
}
