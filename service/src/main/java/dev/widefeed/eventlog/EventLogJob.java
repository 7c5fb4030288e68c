package dev.widefeed.eventlog;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import dev.widefeed.eventlog.EventLogStore.OwnAppends;
import dev.widefeed.eventlog.EventLogStore.SlotMark;
import io.dropwizard.lifecycle.Managed;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Works the event log in the service, outside any request. Each shard it holds (at most {@code threads} at once, on
 * the runner threads, so the log's work never takes request threads: {@link ShardRunners}) gets passes: a pass reads
 * the entries from the shard's watermark to now, gives the pending ones a turn each with the handler of their kind,
 * earliest deadline first, and moves the watermark past slots with no pending work ({@link ShardPass}). Several
 * instances share the shards through the leases ({@link ShardLeases}); an instance that dies stops renewing its leases
 * and another takes its shards over from the handlers' checkpoints. An entry of a kind no handler here knows (appended
 * by a newer version) stays pending, holding the watermark, until an instance that knows it takes the shard.
 * <p>
 * An idle log costs little: a held lease is renewed only every third of its ttl ({@link ShardLease}), the watermark
 * is read once per tenure, and a shard whose passes find nothing pending is passed over less and less often, up to
 * {@code idlePollInterval} ({@link ShardPace}), while an entry appended through this instance's {@link EventLog}
 * wakes such a quiet shard at once. A shard nobody holds is tried at that same pace, so a dead instance's shards are
 * taken over within the lease ttl plus {@code idlePollInterval}. Its threads are its owner's: a stop ends its polls and
 * runs, and hands its shards over ({@link ShardHandover}), leaving the executors to their owner.
 */
public final class EventLogJob implements Managed {
    /** Finished entries remembered at most, should a watermark be held back for long (a few tens of MB). */
    private static final int FINISHED_LIMIT = 200_000;
    /** This process's entries kept per shard held here, at most, so its slots need not be read (a few MB). */
    private static final int OWN_ENTRIES_PER_SHARD = 20_000;
    /** How long a stop waits for the runners to end their shards before interrupting them. */
    private static final Duration RUNNERS_WAIT = Duration.ofSeconds(10);

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

    private final Clock clock;
    private final ShardLeases leases;
    private final ShardPaces paces;
    private final HeldHints hints;
    private final ShardBacklogs backlogs;
    private final ShardVisits visits;
    private final ShardRunners runners;
    private final ShardPoller poller;
    private final SlotActivity activity;
    private final ShardHandover handover;
    private final OwnEntries own;
    private final Optional<OwnAppends> ownAppends;
    private volatile Runnable stopListening = () -> {};
    private volatile boolean stopping;

    /**
     * @param handlers     the handler of each kind of entry this instance works
     * @param poller       where the polls run (one thread is all they take)
     * @param shardRunners where the shards are worked: {@code settings.threads()} threads
     * @param releaser     where the shards are handed over when the job stops
     */
    public EventLogJob(
            EventLogStore store,
            Map<String, LogHandler> handlers,
            Settings settings,
            Clock clock,
            MetricRegistry metrics,
            ScheduledExecutorService poller,
            ExecutorService shardRunners,
            Executor releaser) {
        Map<String, LogHandler> kinds = Map.copyOf(handlers);
        // One handler may serve many kinds: each is told of a tenure once.
        Set<LogHandler> each = Collections.newSetFromMap(new IdentityHashMap<>());
        each.addAll(kinds.values());
        FinishedEntries finished = new FinishedEntries(FINISHED_LIMIT);
        ShardBacklogs backlogs = new ShardBacklogs(clock);
        HeldHints hints = new HeldHints(kinds, finished, store);
        OwnEntries own = new OwnEntries(OWN_ENTRIES_PER_SHARD);
        this.own = own;
        this.ownAppends = store.ownAppends();
        this.clock = clock;
        this.backlogs = backlogs;
        this.hints = hints;
        this.leases = new ShardLeases(
                store,
                settings.shards(),
                settings.leaseTtl(),
                settings.pollInterval(),
                settings.owner(),
                clock,
                shard -> {
                    own.forget(shard);
                    backlogs.forget(shard);
                    finished.forgetShard(shard);
                    hints.handOver(shard, EventLog.slotOf(clock.instant()));
                    each.forEach(h -> h.tenureEnded(shard));
                },
                shard -> {
                    Instant since = clock.instant();
                    own.began(shard, EventLog.slotOf(since));
                    each.forEach(h -> h.tenureBegan(shard, since));
                });
        this.paces = new ShardPaces(settings.shards(), settings.pollInterval(), settings.idlePollInterval());
        this.activity =
                new SlotActivity(store, ownAppends.map(OwnAppends::writer).orElse(null));
        ShardPass pass = new ShardPass(
                activity,
                new ShardScan(store, own, kinds, finished),
                hints,
                leases,
                new ShardWatermarks(store, leases, settings.initialLookback()),
                backlogs,
                finished,
                settings.pagesPerTurn(),
                clock,
                () -> stopping);
        this.visits = new ShardVisits(leases, paces, pass, settings.pollInterval(), clock);
        this.runners = new ShardRunners(shardRunners, settings.threads(), visits, paces, clock, () -> stopping);
        this.poller = new ShardPoller(poller, settings.pollInterval(), clock, paces, leases, runners);
        this.handover = new ShardHandover(releaser, hints, leases, clock);
        metrics.register("eventlog.backlog", (Gauge<Integer>) this::backlog);
        metrics.register("eventlog.lag-seconds", (Gauge<Long>) () -> lag().toSeconds());
    }

    @Override
    public void start() {
        ownAppends.ifPresent(appends -> listen(appends));
        poller.start();
    }

    /**
     * Hears this process's appends from now on ({@link OwnEntries}): the shards held already know their slots from the
     * next minute on, those leased later from the minute after they were.
     */
    private void listen(OwnAppends appends) {
        own.hearing(true);
        stopListening = appends.listen(new OwnAppends.Listener() {
            @Override
            public void appended(LogEntry entry) {
                own.appended(entry);
                activity.noted(new SlotMark(entry.shard(), entry.slot(), appends.writer()));
            }

            @Override
            public void uncertain(LogEntry entry) {
                own.uncertain(entry);
                activity.noted(new SlotMark(entry.shard(), entry.slot(), appends.writer()));
            }
        });
        long now = EventLog.slotOf(clock.instant());
        for (int shard = 0; shard < paces.shards(); shard++) {
            if (leases.leasedLast(shard)) {
                own.began(shard, now);
            }
        }
    }

    @Override
    public void stop() throws InterruptedException {
        stopping = true;
        stopListening.run();
        own.hearing(false);
        poller.stop();
        runners.stop(RUNNERS_WAIT);
        handover.run();
    }

    /** Entries pending in the shards this instance scanned last. */
    public int backlog() {
        return backlogs.total();
    }

    /** Entries pending in one shard as this instance scanned it last; 0 if it does not hold the shard. */
    public int backlog(int shard) {
        return backlogs.of(shard);
    }

    /** The age of the oldest pending entry this instance knows of; zero when none (or none is due yet). */
    public Duration lag() {
        return backlogs.lag();
    }

    /** When a turn last got work done here (or the job started). */
    public Instant lastProgress() {
        return backlogs.lastProgress();
    }

    /**
     * Works what is appended through {@code log} soon ({@link #wake}) and takes its hints in memory
     * ({@link #takeHint}): what an instance's service wires to its own job.
     */
    public void serve(EventLog log) {
        log.onAppend(this::appended);
        log.takeHintsWith(this::takeHint);
    }

    /**
     * Takes a hint ({@link EventLog#hint}) in memory if the shard is held here and not too many wait in it, and wakes
     * the shard; whether it did (if not, the hint is appended to the store).
     */
    boolean takeHint(LogEntry entry, Object carried) {
        int shard = entry.shard();
        if (stopping || !leases.heldAt(shard, clock.instant()) || !hints.hold(entry, carried)) {
            return false;
        }
        // In no slot of the store: the pass works it from memory, and the marks it knows serve as they are.
        wakeShard(shard);
        return true;
    }

    /**
     * Something was appended to the shard, straight to the store (tests, and a scenario that makes guards come due
     * by its clock): the next pass reads the active slots again, and if the shard is held here and quiet, that pass
     * is due at once, as after {@link #appended}.
     */
    public void wake(int shard) {
        activity.expire();
        wakeShard(shard);
    }

    /**
     * The entry was appended through this instance's log: its slot is noted active here, and if its shard is held
     * here and quiet, the shard's next pass is due at once (after the one under way, if any; see {@link ShardPace}).
     * A shard held elsewhere is its holder's to see; one nobody holds is tried at its pace, not at every append.
     */
    private void appended(LogEntry entry) {
        if (ownAppends.isEmpty()) {
            // No writer of this process's own to tell its marks by: noted as anybody's, so its slot is read.
            activity.noted(new SlotMark(entry.shard(), entry.slot(), ""));
        }
        wakeShard(entry.shard());
    }

    private void wakeShard(int shard) {
        if (leases.heldAt(shard, clock.instant())) {
            paces.of(shard).wake();
            poller.soon();
        }
    }

    /** Leases the shard if need be and makes one pass over it, however its pace stands; whether to offer it again. */
    boolean runShard(int shard) {
        return visits.passNow(shard);
    }
}
