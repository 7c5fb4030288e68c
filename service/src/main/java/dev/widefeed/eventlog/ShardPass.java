package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass over a held shard: reads the entries from the shard's watermark to now (the slots that hold any, as
 * {@link SlotActivity} lists them), gives the pending ones (and the
 * shard's hints) a turn each, earliest deadline first (a batching handler's all at once), and moves the watermark
 * past slots with no pending work. The lease is renewed as the turns go, and they stop once it is lost.
 */
final class ShardPass {
    private static final Logger LOG = LoggerFactory.getLogger(ShardPass.class);

    private final SlotActivity activity;
    private final ShardScan scan;
    private final HeldHints hints;
    private final ShardLeases leases;
    private final ShardWatermarks watermarks;
    private final ShardBacklogs backlogs;
    private final FinishedEntries finished;
    private final int pagesPerTurn;
    private final Clock clock;
    private final BooleanSupplier stopping;

    /** @param stopping whether the job is stopping: turns end as if the lease were lost */
    ShardPass(
            SlotActivity activity,
            ShardScan scan,
            HeldHints hints,
            ShardLeases leases,
            ShardWatermarks watermarks,
            ShardBacklogs backlogs,
            FinishedEntries finished,
            int pagesPerTurn,
            Clock clock,
            BooleanSupplier stopping) {
        this.activity = activity;
        this.scan = scan;
        this.hints = hints;
        this.leases = leases;
        this.watermarks = watermarks;
        this.backlogs = backlogs;
        this.finished = finished;
        this.pagesPerTurn = pagesPerTurn;
        this.clock = clock;
        this.stopping = stopping;
    }

    /**
     * Passes over the shard, its pace begun before the lease was checked: every pending entry gets one turn. True if
     * a turn got work done and work is still pending (work waiting for its change is no work done, so it does not
     * spin). The pace follows what the pass found.
     *
     * @param marksAge how old the last read of the active slots may be (zero: read them now)
     */
    boolean run(int shard, ShardPace pace, Duration marksAge) {
        LeaseKeeper lease = new LeaseKeeper(shard);
        try {
            Instant now = clock.instant();
            long from = watermarks.of(shard, now);
            finished.forgetBelow(shard, from);
            SlotActivity.View view = activity.of(shard, from, now, marksAge);
            ShardScan.Found found = scan.slots(shard, view.slots());
            List<PendingWork> pending = new ArrayList<>(found.pending());
            pending.addAll(hints.open(shard, now));
            pending.sort(Comparator.comparing((PendingWork p) -> p.work().deadline())
                    .thenComparing(p -> p.entry().key()));
            PassTally tally = new PassTally(found, now, hints, finished, backlogs);
            turn(pending, tally, lease);
            if (leases.leasedLast(shard)) {
                Instant oldestPending = tally.oldestPending();
                backlogs.scanned(shard, tally.due(), oldestPending == null ? clock.instant() : oldestPending);
            } else {
                backlogs.forget(shard); // lost during the pass: its backlog is another worker's now
            }
            // Settled as of when the active slots were read, not as of now: a long pass would otherwise move the
            // watermark past slots that gained entries after they were listed, and those entries would never be read.
            long settled = EventLog.slotOf(view.readAt().minus(SlotActivity.SETTLE));
            long watermark = Math.min(tally.oldestPendingSlot(), settled);
            if (watermark > from && lease.keep()) {
                boolean passedEntries = found.slotsRead().stream().anyMatch(slot -> slot < watermark);
                watermarks.move(shard, watermark, passedEntries);
                finished.forgetBelow(shard, watermark);
                scan.forgetBelow(shard, watermark);
            }
            if (tally.workedOne() || tally.stillPending() > 0) {
                pace.busy(clock.instant());
            } else {
                pace.quiet(clock.instant());
            }
            return tally.workedOne() && tally.stillPending() > 0 && lease.keep();
        } catch (RuntimeException e) {
            LOG.warn("event log shard {} failed this turn; it resumes from its checkpoints: {}", shard, e.toString());
            watermarks.unsure(shard);
            pace.busy(clock.instant());
            return false;
        }
    }

    /** Gives each pending work its turn while the lease is kept, a batching handler's works together. */
    private void turn(List<PendingWork> pending, PassTally tally, LeaseKeeper lease) {
        Map<LogHandler.Batching, List<PendingWork>> batches = new LinkedHashMap<>();
        for (PendingWork p : pending) {
            if (p.handler() instanceof LogHandler.Batching batching) {
                batches.computeIfAbsent(batching, b -> new ArrayList<>()).add(p);
            } else {
                tally.add(p, lease.keep() ? p.work().turn(pagesPerTurn, lease::keep) : null);
            }
        }
        for (Map.Entry<LogHandler.Batching, List<PendingWork>> batch : batches.entrySet()) {
            List<PendingWork> works = batch.getValue();
            List<LogHandler.Turn> turns = lease.keep()
                    ? batch.getKey()
                            .turnAll(works.stream().map(PendingWork::work).toList(), lease::keep)
                    : null;
            for (int i = 0; i < works.size(); i++) {
                tally.add(works.get(i), turns == null ? null : turns.get(i));
            }
        }
    }

    /**
     * Keeps the shard's lease while the shard is worked: renews it when due ({@link ShardLeases#leased}); false once
     * it is lost or the job is stopping, and from then on for the rest of the pass.
     */
    private final class LeaseKeeper {
        private final int shard;
        private boolean held = true;

        LeaseKeeper(int shard) {
            this.shard = shard;
        }

        boolean keep() {
            if (stopping.getAsBoolean() || !held) {
                return false;
            }
            held = leases.leased(shard);
            return held;
        }
    }
}
