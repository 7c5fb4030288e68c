package dev.widefeed.comment;

import dev.widefeed.eventlog.ChangeTags;
import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The event log's handler of a comment's hot ranking (docs/design.md, Comments). A vote or a delete is logged twice:
 * a guard entry before the change, worked once the change must have landed, and an entry after it, worked at once;
 * each moves the comment's ranking entry to where its counters say then ({@link HotRanking}). The second makes the
 * ranking quick; the guard makes it sure, should the request die between the change and the second entry.
 */
public final class HotRankHandler implements LogHandler {
    public static final String AFTER = "rank-comment";
    public static final String GUARD = AFTER + EventLog.GUARD;
    /** How long after its minute a guard waits: far past any request's lifetime. */
    private static final Duration GUARD_WAIT = Duration.ofMinutes(2);

    private final HotRanking ranking;
    private final Clock clock;

    public HotRankHandler(HotRanking ranking, Clock clock) {
        this.ranking = ranking;
        this.clock = clock;
    }

    /**
     * The entry kind appended after a change, tagged with the change's tag ({@link ChangeTags}): a second change of one
     * comment by one user within a minute is an entry of its own, not one already worked, and the job that works it
     * knows the change's guard done.
     */
    public static String afterKind(String tag) {
        return AFTER + "." + tag;
    }

    /** The entry kind appended before a change, worked once the change must have landed. */
    public static String guardKind(String tag) {
        return GUARD + "." + tag;
    }

    public Map<String, LogHandler> byKind() {
        return Map.of(AFTER, this, GUARD, this);
    }

    @Override
    public Work open(LogEntry entry) {
        Instant recorded = EventLog.startOf(entry.slot());
        Instant due =
                entry.handlerKind().equals(GUARD) ? recorded.plusSeconds(60).plus(GUARD_WAIT) : recorded;
        return new Rank(entry.subjectId(), due, false);
    }

    private final class Rank extends DueWork {
        private final long commentId;

        Rank(long commentId, Instant due, boolean done) {
            super(due, done);
            this.commentId = commentId;
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            if (waitsAt(clock.instant())) {
                return new Turn.NotReady();
            }
            ranking.rerank(commentId);
            return new Turn.Worked(new Rank(commentId, dueSince(), true));
        }
    }
}
