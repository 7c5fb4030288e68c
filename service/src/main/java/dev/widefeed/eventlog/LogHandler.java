package dev.widefeed.eventlog;

import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Does the work one kind of entry asks for, a turn at a time, for {@link EventLogJob}. The job
 * opens each entry it finds in a shard it holds, orders the pending ones by deadline, and gives each
 * a turn; work that is not done stays pending and holds the shard's watermark, so nothing is lost
 * when a worker dies. An entry may be opened and worked again after a crash (from the handler's
 * own checkpoint, or from the start): every turn must be safe to repeat.
 */
public interface LogHandler {
    /** Where the entry's work stands now. */
    Work open(LogEntry entry);

    /**
     * Where the work of a hint taken in memory stands ({@link EventLog#hint}): {@code carried} is what announced its
     * change, which the handler may trust instead of reading the truth, since this instance made the change. An entry
     * read from the store is opened by {@link #open(LogEntry)}.
     */
    default Work open(LogEntry entry, Object carried) {
        return open(entry);
    }

    /**
     * This instance holds the shard from {@code since} on (a tenure began): every entry of the shard appended from
     * then on will be opened here, until {@link #tenureEnded}. For a handler that keeps what it worked in memory.
     */
    default void tenureBegan(int shard, Instant since) {}

    /** The shard's tenure here ended (its lease lost or given back): what was kept of it is no longer current. */
    default void tenureEnded(int shard) {}

    /**
     * A handler whose entries cost less worked together (one round of reads and writes for many): the job hands it
     * all of its pending works of one shard's pass at once instead of a turn each.
     */
    interface Batching {
        /**
         * Gives every work one turn; answers each one's outcome, in the order of {@code works} (earliest deadline
         * first, all of one shard).
         */
        List<Turn> turnAll(List<Work> works, BooleanSupplier keepGoing);
    }

    /** One entry's work as far as it got. */
    interface Work {
        boolean done();

        /**
         * When the work became (or becomes: work that waits on purpose) due: how old the oldest pending
         * work is, is the log's lag.
         */
        Instant dueSince();

        /** Pending work is turned earliest deadline first. */
        Instant deadline();

        /**
         * Does up to {@code pages} units of the work, stopping early when {@code keepGoing} turns
         * false (the shard's lease was lost, or the job is stopping).
         */
        Turn turn(int pages, BooleanSupplier keepGoing);
    }

    /** The outcome of one turn. */
    sealed interface Turn {
        /** Nothing could be done yet (the change the entry announces is not written yet): no progress. */
        record NotReady() implements Turn {}

        /** Work was done; {@code after} is where it stands now. */
        record Worked(Work after) implements Turn {}
    }
}
