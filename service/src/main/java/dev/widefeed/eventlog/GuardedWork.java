package dev.widefeed.eventlog;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * The handler of work that brings one subject to where its truth says, repeatable at any time (a comment's place in
 * the hot ranking, a user's listings in the directory). A change of the subject is logged twice: a guard entry before
 * it ({@link #guardKind}), worked once the change must have landed, and a hint after it ({@link #afterKind}), worked at
 * once; each runs the work for the subject. The hint makes the work quick; the guard makes it sure, should the request
 * die between the change and the hint (docs/design.md, "Notifications"). One worker per subject at a time: the
 * subject's id names the shard.
 */
public final class GuardedWork implements LogHandler {
    /** How long after its minute a guard waits: far past any request's lifetime. */
    private static final Duration GUARD_WAIT = Duration.ofMinutes(2);

    private final String after;
    private final String guard;
    private final LongConsumer work;
    private final Clock clock;

    /** @param kind the hint's kind; the guard's is {@code kind-guard} */
    public GuardedWork(String kind, LongConsumer work, Clock clock) {
        this.after = kind;
        this.guard = kind + EventLog.GUARD;
        this.work = work;
        this.clock = clock;
    }

    /**
     * The entry kind appended after a change of {@code kind}'s work, tagged with the change's tag ({@link ChangeTags}):
     * a second change of one subject by one actor within a minute is an entry of its own, and the job that works it
     * knows the change's guard done.
     */
    public static String afterKind(String kind, String tag) {
        return kind + "." + tag;
    }

    /** The entry kind appended before a change of {@code kind}'s work, worked once the change must have landed. */
    public static String guardKind(String kind, String tag) {
        return kind + EventLog.GUARD + "." + tag;
    }

    public Map<String, LogHandler> byKind() {
        return Map.of(after, this, guard, this);
    }

    @Override
    public Work open(LogEntry entry) {
        Instant recorded = EventLog.startOf(entry.slot());
        Instant due =
                entry.handlerKind().equals(guard) ? recorded.plusSeconds(60).plus(GUARD_WAIT) : recorded;
        return new Once(entry.subjectId(), due, false);
    }

    private final class Once extends DueWork {
        private final long subjectId;

        Once(long subjectId, Instant due, boolean done) {
            super(due, done);
            this.subjectId = subjectId;
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            if (waitsAt(clock.instant())) {
                return new Turn.NotReady();
            }
            work.accept(subjectId);
            return new Turn.Worked(new Once(subjectId, dueSince(), true));
        }
    }
}
