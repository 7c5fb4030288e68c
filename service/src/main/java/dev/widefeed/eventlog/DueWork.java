package dev.widefeed.eventlog;

import java.time.Instant;

/**
 * The usual shape of an entry's work: due from one instant on (its lag counts from then, and pending works are
 * turned in that order), and done or not. A handler's work adds what it works on and how a turn goes.
 */
public abstract class DueWork implements LogHandler.Work {
    private final Instant due;
    private final boolean done;

    protected DueWork(Instant due, boolean done) {
        this.due = due;
        this.done = done;
    }

    @Override
    public boolean done() {
        return done;
    }

    @Override
    public Instant dueSince() {
        return due;
    }

    @Override
    public Instant deadline() {
        return dueSince();
    }

    /** Whether the work waits still at {@code now} (work may be due later than its entry, on purpose). */
    public boolean waitsAt(Instant now) {
        return now.isBefore(dueSince());
    }
}
