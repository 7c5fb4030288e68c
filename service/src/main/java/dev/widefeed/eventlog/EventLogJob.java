package dev.widefeed.eventlog;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works the event log in the service, outside any request. Each shard it holds (at most {@code threads} at once, on
 * their own threads, so the log's work never takes request threads) gets passes: a pass reads the entries from the
 * shard's watermark to now, gives the pending ones a turn each with the handler of their kind, earliest deadline
 * first, and moves the watermark past slots with no pending work. Several instances share the shards through the
 * leases; an instance that dies stops renewing its leases and another takes its shards over from the handlers'
 * checkpoints. An entry of a kind no handler here knows (appended by a newer version) stays pending, holding the
 * watermark, until an instance that knows it takes the shard.
 * <p>
 * An idle log costs little: a held lease is renewed only every third of its ttl ({@link ShardLease}), the watermark
 * is read once per tenure, and a shard whose passes find nothing pending is passed over less and less often, up to
 * {@code idlePollInterval} ({@link ShardPace}), while an entry appended through this instance's {@link EventLog}
 * wakes such a quiet shard at once. A shard nobody holds is tried at that same pace, so a dead instance's shards are
 * taken over within the lease ttl plus {@code idlePollInterval}.
 */
public final class EventLogJob implements Managed {
    private static final Logger LOG = LoggerFactory.getLogger(EventLogJob.class);
    /** Entries are appended with the clock of the instance that took the request: slack for skew and slow requests. */
    private static final Duration SLOT_SETTLE = Duration.ofMinutes(1);

    private static final Duration RELEASE_WAIT = Duration.ofSeconds(3);
    /** Finished entries remembered at most, should a watermark be held back for long (a few tens of MB). */
    private static final int FINISHED_LIMIT = 200_000;
    /**
     * Hints held per shard at most: past it they go to the store. A hint not done this long after its minute is
     * dropped, its guard entry doing the work in its own time.
     */
    private static final int MAX_HINTS_PER_SHARD = 10_000;

    private static final Duration HINT_KEPT = Duration.ofMinutes(3);

    /**
     * How the job runs.
     *
     * @param pollInterval     how often a shard with work pending is passed over
     * @param idlePollInterval how often a quiet shard is, at most (an entry appended through this instance wakes its
     *                         shard at once; one appended elsewhere waits up to this long); at least pollInterval
     */
    public record Settings(
            int shards,
            int threads,
            int pagesPerTurn,
            Duration pollInterval,
            Duration idlePollInterval,
            Duration leaseTtl,
            Duration initialLookback,
            String owner) {}

    private final EventLogStore store;
    private final Map<String, LogHandler> handlers;
    private final Settings settings;
    private final Clock clock;
    private final ScheduledExecutorService poller;
    private final ExecutorService shardRunners;
    /** Shards being worked here now: a shard is never run twice at once. */
    private final Set<Integer> running = ConcurrentHashMap.newKeySet();
    /** Shards waiting for a runner, in order, each at most once. */
    private final Queue<Integer> waiting = new ConcurrentLinkedQueue<>();

    private final Set<Integer> queued = ConcurrentHashMap.newKeySet();
    private final AtomicInteger busyRunners = new AtomicInteger();
    /** Shards this instance leased last time it asked (it may have lost some since). */
    private final Set<Integer> held = ConcurrentHashMap.newKeySet();
    /** Per shard: what this instance knows of its lease, and when its next pass is due. */
    private final ShardLease[] leases;

    private final ShardPace[] paces;
    /** A poll is on its way to the poll thread (a wake asked for one), so more wakes need not ask again. */
    private final AtomicBoolean pollAsked = new AtomicBoolean();

    private final Map<Integer, ShardState> shardStates = new ConcurrentHashMap<>();
    /** Entries of unknown kinds per shard at its last scan here, so the warning is not repeated every poll. */
    private final Map<Integer, Integer> unknownByShard = new ConcurrentHashMap<>();

    private final FinishedEntries finished = new FinishedEntries(FINISHED_LIMIT);
    /** Per shard held here: hints taken in memory ({@link EventLog#hint}), worked by its passes until done. */
    private final Map<Integer, Set<LogEntry>> hints = new ConcurrentHashMap<>();

    private final AtomicLong lastProgressMillis = new AtomicLong();
    private volatile boolean started;
    private volatile boolean stopping;

    /** What one shard looked like at its last scan here. */
    private record ShardState(int pending, Instant oldestPending) {}

    /** @param handlers the handler of each kind of entry this instance works */
    public EventLogJob(
            EventLogStore store,
            Map<String, LogHandler> handlers,
            Settings settings,
            Clock clock,
            MetricRegistry metrics) {
        this.store = store;
        this.handlers = Map.copyOf(handlers);
        this.settings = settings;
        this.clock = clock;
        this.poller = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "eventlog-poll"));
        this.shardRunners = Executors.newFixedThreadPool(settings.threads(), r -> daemon(r, "eventlog-worker"));
        this.leases = new ShardLease[settings.shards()];
        this.paces = new ShardPace[settings.shards()];
        for (int shard = 0; shard < settings.shards(); shard++) {
            leases[shard] = new ShardLease(settings.leaseTtl());
            paces[shard] = new ShardPace(settings.pollInterval(), settings.idlePollInterval());
        }
        metrics.register("eventlog.backlog", (Gauge<Integer>) this::backlog);
        metrics.register("eventlog.lag-seconds", (Gauge<Long>) () -> lag().toSeconds());
        lastProgressMillis.set(clock.millis());
    }

    @Override
    public void start() {
        started = true;
        poller.scheduleWithFixedDelay(this::poll, 0, settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() throws InterruptedException {
        stopping = true;
        poller.shutdownNow();
        shardRunners.shutdown();
        if (!shardRunners.awaitTermination(10, TimeUnit.SECONDS)) {
            shardRunners.shutdownNow();
        }
        // Giving the leases back lets another instance resume at once instead of after their ttl. It is
        // a courtesy, so it gets a few seconds: a store that is down (or stopping with the process)
        // must not hold up the shutdown; the leases then simply expire.
        Thread releasing = new Thread(this::releaseHeld, "eventlog-release");
        releasing.setDaemon(true);
        releasing.start();
        releasing.join(RELEASE_WAIT.toMillis());
    }

    private void releaseHeld() {
        List.copyOf(hints.keySet()).forEach(this::handOverHints);
        for (int shard : List.copyOf(held)) {
            try {
                store.release(shard, settings.owner());
            } catch (RuntimeException e) {
                LOG.debug("could not release event log shard {}: {}", shard, e.toString());
            }
        }
    }

    /** Entries pending in the shards this instance scanned last. */
    public int backlog() {
        return shardStates.values().stream().mapToInt(ShardState::pending).sum();
    }

    /** Entries pending in one shard as this instance scanned it last; 0 if it does not hold the shard. */
    public int backlog(int shard) {
        ShardState state = shardStates.get(shard);
        return state == null ? 0 : state.pending();
    }

    /** The age of the oldest pending entry this instance knows of; zero when none (or none is due yet). */
    public Duration lag() {
        Duration lag = shardStates.values().stream()
                .filter(s -> s.pending() > 0)
                .map(ShardState::oldestPending)
                .min(Comparator.naturalOrder())
                .map(oldest -> Duration.between(oldest, clock.instant()))
                .orElse(Duration.ZERO);
        return lag.isNegative() ? Duration.ZERO : lag;
    }

    /** When a turn last got work done here (or the job started). */
    public Instant lastProgress() {
        return Instant.ofEpochMilli(lastProgressMillis.get());
    }

    /**
     * Works what is appended through {@code log} soon ({@link #wake}) and takes its hints in memory
     * ({@link #takeHint}): what an instance's service wires to its own job.
     */
    public void serve(EventLog log) {
        log.onAppend(this::wake);
        log.takeHintsWith(this::takeHint);
    }

    /**
     * Takes a hint ({@link EventLog#hint}) in memory if the shard is held here and not too many wait in it, and wakes
     * the shard; whether it did (if not, the hint is appended to the store).
     */
    boolean takeHint(LogEntry entry) {
        int shard = entry.shard();
        if (stopping || shard < 0 || shard >= leases.length || !leases[shard].heldAt(clock.instant())) {
            return false;
        }
        Set<LogEntry> waitingHints = hints.computeIfAbsent(shard, s -> ConcurrentHashMap.newKeySet());
        if (waitingHints.size() >= MAX_HINTS_PER_SHARD) {
            return false;
        }
        waitingHints.add(entry);
        wake(shard);
        return true;
    }

    /**
     * Something was appended to the shard through this instance's log: if the shard is held here and quiet, its next
     * pass is due at once (after the one under way, if any; see {@link ShardPace}). A shard held elsewhere is its
     * holder's to see; one nobody holds is tried at its pace, not at every append. Tests that append straight to the
     * store call it too.
     */
    public void wake(int shard) {
        if (shard >= 0 && shard < paces.length && leases[shard].heldAt(clock.instant())) {
            paces[shard].wake();
            pollSoon();
        }
    }

    private void pollSoon() {
        if (started && !stopping && pollAsked.compareAndSet(false, true)) {
            try {
                poller.execute(() -> {
                    pollAsked.set(false);
                    poll();
                });
            } catch (RejectedExecutionException e) {
                pollAsked.set(false); // stopping
            }
        }
    }

    /**
     * Queues every shard whose pass or lease renewal is due and that is neither queued nor being worked, and starts
     * runners for them (as many as there are threads), each taking the next queued shard. A shard whose pass got
     * work done and left work pending goes to the back of the queue at once, so long work (a big fan-out) goes on at
     * the store's pace instead of one pass per poll interval, while the other shards keep their places ahead of it.
     */
    private void poll() {
        try {
            Instant now = clock.instant();
            for (int shard = 0; shard < settings.shards(); shard++) {
                if (paces[shard].due(now) || leases[shard].renewalDue(now)) {
                    queue(shard);
                }
            }
            startRunners();
        } catch (RejectedExecutionException e) {
            // stopping; a poll that threw would cancel every later one, so it never throws
        } catch (RuntimeException e) {
            LOG.warn("event log: poll failed: {}", e.toString());
        }
    }

    private void queue(int shard) {
        if (!running.contains(shard) && queued.add(shard)) {
            waiting.add(shard);
        }
    }

    private void startRunners() {
        for (int busy = busyRunners.get();
                !stopping && !waiting.isEmpty() && busy < settings.threads();
                busy = busyRunners.get()) {
            if (busyRunners.compareAndSet(busy, busy + 1)) {
                shardRunners.execute(this::offerQueued);
            }
        }
    }

    private void offerQueued() {
        try {
            for (Integer shard = waiting.poll(); shard != null && !stopping; shard = waiting.poll()) {
                queued.remove(shard);
                if (running.add(shard)) {
                    boolean more;
                    try {
                        more = offer(shard);
                    } finally {
                        running.remove(shard);
                    }
                    // Due again already: woken while its pass ran (which may have read the slot before the entry).
                    if (more || paces[shard].due(clock.instant())) {
                        queue(shard);
                    }
                }
            }
        } finally {
            busyRunners.decrementAndGet();
        }
        if (!waiting.isEmpty()) {
            startRunners(); // queued after this runner found the queue empty, and no runner was free to take it
        }
    }

    /**
     * Renews the shard's lease if that is due, and makes a pass if one is due; whether to offer it again right away.
     * A shard not held here is tried at its pass's pace: that is how a dead instance's shards are taken over.
     */
    private boolean offer(int shard) {
        ShardPace pace = paces[shard];
        Instant now = clock.instant();
        if (!pace.due(now)) {
            try {
                leased(shard); // a renewal only
            } catch (RuntimeException e) {
                LOG.warn("event log: could not renew the lease of shard {}: {}", shard, e.toString());
            }
            return false;
        }
        pace.begin();
        try {
            if (!leased(shard)) {
                pace.quiet(now);
                return false;
            }
        } catch (RuntimeException e) {
            LOG.warn("event log: could not lease shard {}: {}", shard, e.toString());
            pace.busy(now);
            return false;
        }
        return pass(shard);
    }

    /** Leases the shard if need be and makes one pass over it, however its pace stands; whether to offer it again. */
    boolean runShard(int shard) {
        paces[shard].begin();
        try {
            if (!leased(shard)) {
                return false;
            }
        } catch (RuntimeException e) {
            LOG.warn("event log: could not lease shard {}: {}", shard, e.toString());
            return false;
        }
        return pass(shard);
    }

    /**
     * Whether this instance holds the shard's lease: asks the store only when the lease is not surely held here or
     * its renewal is due (a held lease is renewed in one round, a lease not held is taken if free). A shard found
     * someone else's is forgotten here.
     */
    private boolean leased(int shard) {
        ShardLease lease = leases[shard];
        Instant now = clock.instant();
        boolean heldHere = lease.heldAt(now);
        if (heldHere && !lease.renewalDue(now)) {
            return true;
        }
        boolean mine = false;
        if (heldHere || held.contains(shard)) {
            mine = store.renew(shard, settings.owner(), settings.leaseTtl());
            if (!mine) {
                LOG.info("event log: lost the lease of shard {} (another worker took it, or it expired)", shard);
                forget(shard); // the tenure ended, whether or not the lease is free to take again
            }
        }
        if (!mine) {
            mine = store.lease(shard, settings.owner(), settings.leaseTtl());
        }
        if (mine) {
            lease.renewed(now);
            held.add(shard);
        } else {
            forget(shard);
        }
        return mine;
    }

    /** The shard is someone else's: nothing known of it here holds any more. */
    private void forget(int shard) {
        leases[shard].lost();
        held.remove(shard);
        shardStates.remove(shard);
        finished.forgetShard(shard);
        handOverHints(shard);
    }

    /**
     * The shard's hints go to the store, for its next holder to find (a lease lost to a slow renewal would otherwise
     * leave their work to the guards, minutes later). Best effort: a hint that cannot be written is left to its guard.
     */
    private void handOverHints(int shard) {
        Set<LogEntry> held = hints.remove(shard);
        if (held == null) {
            return;
        }
        for (LogEntry entry : held) {
            try {
                store.append(entry);
            } catch (RuntimeException e) {
                LOG.debug("event log: hint {} left to its guard: {}", entry, e.toString());
            }
        }
    }

    /**
     * One pass over a held shard (its pace begun before the lease was checked): every pending entry gets one turn.
     * True if a turn got work done and work is still pending (work waiting for its change is no work done, so it does
     * not spin). The pace follows what the pass found.
     */
    private boolean pass(int shard) {
        LeaseKeeper lease = new LeaseKeeper(shard);
        ShardPace pace = paces[shard];
        try {
            Instant now = clock.instant();
            long from = watermark(shard, now);
            finished.forgetBelow(shard, from);
            long to = EventLog.slotOf(now);
            List<Pending> pending = new ArrayList<>();
            long oldestPendingSlot = Long.MAX_VALUE;
            int unknown = 0;
            for (long slot = from; slot <= to; slot++) {
                for (LogEntry entry : store.entries(shard, slot)) {
                    LogHandler handler = handlers.get(entry.handlerKind());
                    if (handler == null) {
                        unknown++;
                        oldestPendingSlot = Math.min(oldestPendingSlot, slot);
                    } else if (!finished.contains(entry)) {
                        LogHandler.Work work = handler.open(entry);
                        if (work.done()) {
                            finished.add(entry);
                        } else {
                            pending.add(new Pending(entry, handler, work));
                        }
                    }
                }
            }
            pending.addAll(openHints(shard, now));
            Integer unknownBefore = unknownByShard.put(shard, unknown);
            if (unknown > 0 && (unknownBefore == null || unknownBefore != unknown)) {
                // Once per change, not every poll: during a rolling upgrade this lasts as long as the upgrade.
                LOG.warn(
                        "event log: {} entries of shard {} are of kinds no handler here knows; they wait for an "
                                + "instance that does",
                        unknown,
                        shard);
            }
            pending.sort(Comparator.comparing((Pending p) -> p.work().deadline())
                    .thenComparing(p -> p.entry().key()));
            Tally tally = new Tally(unknown, oldestPendingSlot, now);
            Map<LogHandler.Batching, List<Pending>> batches = new LinkedHashMap<>();
            for (Pending p : pending) {
                if (p.handler() instanceof LogHandler.Batching batching) {
                    batches.computeIfAbsent(batching, b -> new ArrayList<>()).add(p);
                } else {
                    tally.add(p, lease.keep() ? p.work().turn(settings.pagesPerTurn(), lease::keep) : null);
                }
            }
            for (Map.Entry<LogHandler.Batching, List<Pending>> batch : batches.entrySet()) {
                List<Pending> works = batch.getValue();
                List<LogHandler.Turn> turns = lease.keep()
                        ? batch.getKey()
                                .turnAll(works.stream().map(Pending::work).toList(), lease::keep)
                        : null;
                for (int i = 0; i < works.size(); i++) {
                    tally.add(works.get(i), turns == null ? null : turns.get(i));
                }
            }
            oldestPendingSlot = tally.oldestPendingSlot;
            int stillPending = tally.stillPending;
            boolean workedOne = tally.workedOne;
            Instant oldestPending = tally.oldestPending;
            if (held.contains(shard)) {
                shardStates.put(
                        shard, new ShardState(tally.due, oldestPending == null ? clock.instant() : oldestPending));
            } else {
                shardStates.remove(shard); // lost during the pass: its backlog is another worker's now
            }
            // Settled as of when this pass read the slots, not as of now: a long pass would otherwise move the
            // watermark past slots that gained entries after it read them, and those entries would never be read.
            long settled = EventLog.slotOf(now.minus(SLOT_SETTLE));
            long watermark = Math.min(oldestPendingSlot, settled);
            if (watermark > from && lease.keep()) {
                store.saveWatermark(shard, watermark);
                leases[shard].watermarkIs(watermark);
                finished.forgetBelow(shard, watermark);
            }
            if (workedOne || stillPending > 0) {
                pace.busy(clock.instant());
            } else {
                pace.quiet(clock.instant());
            }
            return workedOne && stillPending > 0 && lease.keep();
        } catch (RuntimeException e) {
            LOG.warn("event log shard {} failed this turn; it resumes from its checkpoints: {}", shard, e.toString());
            leases[shard].forgetWatermark(); // a save that failed may have landed all the same
            pace.busy(clock.instant());
            return false;
        }
    }

    /**
     * The shard's watermark: as this tenure of its lease last read or saved it, else read (and kept); a shard that
     * never had one is read from {@code initialLookback} ago.
     */
    private long watermark(int shard, Instant now) {
        ShardLease lease = leases[shard];
        OptionalLong known = lease.watermark();
        if (known.isPresent()) {
            return known.getAsLong();
        }
        long read = store.watermark(shard).orElse(EventLog.slotOf(now.minus(settings.initialLookback())));
        lease.watermarkIs(read);
        return read;
    }

    /**
     * The shard's hints still to work, opened; those done already, or kept too long, are let go. A hint holds no
     * watermark: it is in no slot of the store.
     */
    private List<Pending> openHints(int shard, Instant now) {
        Set<LogEntry> held = hints.get(shard);
        if (held == null || held.isEmpty()) {
            return List.of();
        }
        List<Pending> opened = new ArrayList<>();
        for (Iterator<LogEntry> it = held.iterator(); it.hasNext(); ) { // a concurrent set: hints come in meanwhile
            LogEntry entry = it.next();
            LogHandler handler = handlers.get(entry.handlerKind());
            if (handler == null
                    || finished.contains(entry)
                    || EventLog.startOf(entry.slot()).plus(HINT_KEPT).isBefore(now)) {
                it.remove();
                continue;
            }
            LogHandler.Work work = handler.open(entry);
            if (work.done()) {
                it.remove();
            } else {
                opened.add(new Pending(entry, handler, work, true));
            }
        }
        return opened;
    }

    /**
     * A hint ({@link EventLog#hint}) of kind {@code k.tag}, taken in memory here, was worked after its change: the
     * guard of that change, {@code k-guard.tag}, has nothing left to do, so it is finished here without a turn. Only a
     * hint taken here: this instance made the change, so the caches its handlers read through (post rows, audience
     * facts) held it at once; a hint from the store may have been worked through another instance's caches within
     * their bound, and its guard's turn, minutes later, reads past that. A guard is appended before its change, so in
     * the hint's minute or, for a change that crossed a minute, the one before; one older still gets its turn.
     */
    private void finishGuardOf(LogEntry hint) {
        int dot = hint.kind().indexOf('.');
        String guardKind = hint.handlerKind() + EventLog.GUARD;
        if (dot < 0 || !handlers.containsKey(guardKind)) {
            return;
        }
        String kind = guardKind + hint.kind().substring(dot);
        for (long slot = hint.slot(); slot >= Math.max(0, hint.slot() - 1); slot--) {
            finished.add(new LogEntry(hint.shard(), slot, kind, hint.subjectId(), hint.actorId()));
        }
    }

    /** @param hint whether the entry is a hint held in memory here rather than one read from the store */
    private record Pending(LogEntry entry, LogHandler handler, LogHandler.Work work, boolean hint) {
        Pending(LogEntry entry, LogHandler handler, LogHandler.Work work) {
            this(entry, handler, work, false);
        }
    }

    /**
     * What a pass's turns left: the entries still pending (and those of them already due: work that waits on purpose
     * is no backlog), the oldest slot and due time among them, and whether any turn got work done.
     */
    private final class Tally {
        private final Instant now;
        int stillPending;
        int due;
        long oldestPendingSlot;
        Instant oldestPending;
        boolean workedOne;

        Tally(int unknown, long oldestPendingSlot, Instant now) {
            this.stillPending = unknown;
            this.due = unknown;
            this.oldestPendingSlot = oldestPendingSlot;
            this.now = now;
        }

        /** @param turn the entry's turn, or null when it got none (the lease was lost) */
        void add(Pending p, LogHandler.Turn turn) {
            LogHandler.Work work = p.work();
            if (turn instanceof LogHandler.Turn.Worked worked) {
                workedOne = true;
                lastProgressMillis.set(clock.millis()); // work waiting for its change is no progress
                work = worked.after();
            }
            if (work.done()) {
                if (p.hint()) {
                    Set<LogEntry> held = hints.get(p.entry().shard());
                    if (held != null) {
                        held.remove(p.entry());
                    }
                    finishGuardOf(p.entry());
                } else {
                    finished.add(p.entry());
                }
                return;
            }
            stillPending++;
            if (!p.hint()) {
                oldestPendingSlot = Math.min(oldestPendingSlot, p.entry().slot());
            }
            Instant dueSince = work.dueSince();
            if (!dueSince.isAfter(now)) {
                due++;
            }
            oldestPending = oldestPending == null || dueSince.isBefore(oldestPending) ? dueSince : oldestPending;
        }
    }

    /**
     * Keeps the shard's lease while the shard is worked: renews it when due ({@link #leased}); false once it is lost
     * or the job is stopping, and from then on for the rest of the pass.
     */
    private final class LeaseKeeper {
        private final int shard;
        private boolean held = true;

        LeaseKeeper(int shard) {
            this.shard = shard;
        }

        boolean keep() {
            if (stopping || !held) {
                return false;
            }
            held = leased(shard);
            return held;
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
