package dev.widefeed.eventlog;

import java.time.Instant;

/**
 * What a pass's turns left: the entries still pending (and those of them already due: work that waits on purpose is
 * no backlog), the oldest slot and due time among them, and whether any turn got work done. Work done is finished
 * here: an entry from the store in {@link FinishedEntries}, a hint let go with its guard ({@link HeldHints#done}).
 */
final class PassTally {
    private final Instant now;
    private final HeldHints hints;
    private final FinishedEntries finished;
    private final ShardBacklogs backlogs;
    private int stillPending;
    private int due;
    private long oldestPendingSlot;
    private Instant oldestPending;
    private boolean workedOne;

    /** A tally that starts from what the scan found of kinds no handler here knows: pending, and due. */
    PassTally(ShardScan.Found found, Instant now, HeldHints hints, FinishedEntries finished, ShardBacklogs backlogs) {
        this.stillPending = found.unknown();
        this.due = found.unknown();
        this.oldestPendingSlot = found.oldestUnknownSlot();
        this.now = now;
        this.hints = hints;
        this.finished = finished;
        this.backlogs = backlogs;
    }

    /** @param turn the entry's turn, or null when it got none (the lease was lost) */
    void add(PendingWork p, LogHandler.Turn turn) {
        LogHandler.Work work = p.work();
        if (turn instanceof LogHandler.Turn.Worked worked) {
            workedOne = true;
            backlogs.progressed();
            work = worked.after();
        }
        if (work.done()) {
            if (p.hint()) {
                hints.done(p.entry());
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

    int stillPending() {
        return stillPending;
    }

    int due() {
        return due;
    }

    /** The oldest slot of the entries from the store still pending; {@link Long#MAX_VALUE} if none. */
    long oldestPendingSlot() {
        return oldestPendingSlot;
    }

    /** When the oldest pending work became due; null if none is pending. */
    Instant oldestPending() {
        return oldestPending;
    }

    boolean workedOne() {
        return workedOne;
    }
}
