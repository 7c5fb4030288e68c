package dev.widefeed.cache;

import dev.widefeed.kernel.Periodically;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every instance's caches of things that change rarely (post rows, profiles) true to the store
 * (docs/design.md, "The cache tier"). A change made here drops the local copy at once and is announced in the
 * {@link InvalidationStore}; every instance polls the recent announcements and drops its copies, so a change reaches
 * every instance within one poll interval and a read. A poll reads the announcements since its previous one began,
 * less {@code lateness}: an announcement stamped by its writer's clock that lands up to that much later is still
 * seen. An instance that could not read for longer than {@link #MAX_GAP} drops every copy it holds instead of
 * reading the gap.
 */
public final class CacheInvalidations implements AutoCloseable {
    static final Duration MAX_GAP = Duration.ofMinutes(1);
    private static final Logger LOG = LoggerFactory.getLogger(CacheInvalidations.class);

    /** What one cache does with an invalidation of its kind. */
    public interface Droppable {
        void drop(long id);

        void dropAll();
    }

    private final InvalidationStore store;
    private final Clock clock;
    private final Duration lateness;
    private final Map<String, List<Droppable>> caches = new ConcurrentHashMap<>();
    /** Announcements already applied, kept while a poll window may read them again. */
    private final Set<Invalidation> applied = ConcurrentHashMap.newKeySet();

    private final Periodically polls;

    private volatile Instant lastPoll;
    private volatile long lastPollNanos;
    private boolean started;

    /** @param poller where the polls run once {@link #start}ed; its owner stops it, after {@link #close} */
    public CacheInvalidations(
            InvalidationStore store, Clock clock, Duration lateness, ScheduledExecutorService poller) {
        this.store = store;
        this.clock = clock;
        this.lateness = lateness;
        this.polls = new Periodically(poller, this::pollQuietly);
    }

    public void register(String kind, Droppable cache) {
        caches.computeIfAbsent(kind, k -> new CopyOnWriteArrayList<>()).add(cache);
    }

    /**
     * Drops this instance's copies at once and tells the others. Called after the change is made: an announcement
     * before it could be read, and acted on, by another instance that then loads the old value again. A failure is
     * the store's error: the change stands, and the caller's retry announces it again.
     */
    public void announce(String kind, long id) {
        dropLocally(kind, id);
        store.append(new Invalidation(kind, id, clock.instant()));
    }

    /** Drops this instance's copies only (a change that other instances learn of in another way). */
    public void dropLocally(String kind, long id) {
        caches.getOrDefault(kind, List.of()).forEach(c -> c.drop(id));
    }

    /** Reads the announcements since the last poll and drops what they name; how many it applied. */
    public int poll() {
        Instant now = clock.instant();
        long nowNanos = System.nanoTime();
        Instant previous = lastPoll;
        // The gap is judged by this process's own ticks: a wall clock set forward is no gap in the reading.
        Duration gap = Duration.ofNanos(nowNanos - lastPollNanos);
        if (previous == null || gap.compareTo(MAX_GAP) > 0) {
            if (previous != null) {
                LOG.warn("cache invalidations: not read for {}; every cached copy is dropped", gap);
            }
            caches.values().forEach(list -> list.forEach(Droppable::dropAll));
            applied.clear();
            lastPoll = now;
            lastPollNanos = nowNanos;
            return 0;
        }
        Instant from = previous.minus(lateness);
        int count = 0;
        // Stamps a little ahead of this clock (another instance's) are read now; later ones at a later poll.
        for (Invalidation invalidation : store.between(from, now.plus(lateness))) {
            if (applied.add(invalidation)) {
                dropLocally(invalidation.kind(), invalidation.id());
                count++;
            }
        }
        applied.removeIf(i -> i.at().isBefore(from.minus(lateness)));
        lastPoll = now;
        lastPollNanos = nowNanos;
        return count;
    }

    /** Polls every {@code every} on the poller until {@link #close}. */
    public synchronized void start(Duration every) {
        if (started) {
            return;
        }
        started = true;
        poll(); // the first one drops nothing and only marks where the next begins
        polls.start(every, every);
    }

    private void pollQuietly() {
        try {
            poll();
        } catch (RuntimeException e) {
            // The window stays where it was, so the next poll reads what this one missed.
            LOG.warn("cache invalidations: could not read the announcements: {}", e.toString());
        }
    }

    /** Stops polling, interrupting a poll under way and waiting for it; the poller is its owner's to stop. */
    @Override
    public synchronized void close() {
        try {
            polls.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        started = false;
    }
}
