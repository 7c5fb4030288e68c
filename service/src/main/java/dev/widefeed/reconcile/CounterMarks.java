package dev.widefeed.reconcile;

import com.codahale.metrics.Counter;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.kernel.StoreException;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dirty counters, kept in the durable event log (docs/design.md, "Counters that heal"): a mark is
 * a {@code recount-post} or {@code recount-user} entry in its subject's shard, which
 * {@link CounterRecountHandler} works. A subject marked many times in one minute is one entry (the
 * log keeps one of equal entries, and this instance does not write it again). A mark is usually made
 * because the store just failed, so one that cannot be written waits here, bounded, and
 * {@link #flush} writes it once the store answers; only a crash of this instance meanwhile loses it.
 */
public final class CounterMarks implements DirtyCounters {
    public static final String POST = "recount-post";
    public static final String USER = "recount-user";
    private static final Logger LOG = LoggerFactory.getLogger(CounterMarks.class);
    /** Marks held while the store is down: a subject each, so this is a bound on distinct counters. */
    private static final int MAX_WAITING = 100_000;

    private record Mark(String kind, long id) {}

    private final EventLog log;
    private final Clock clock;
    private final Set<Mark> waiting = ConcurrentHashMap.newKeySet();
    /** Marks written in the current minute's slot: the same mark again there would be the same entry. */
    private final Set<Mark> writtenThisMinute = ConcurrentHashMap.newKeySet();

    private volatile long writtenMinute;
    private final Counter marked = new Counter();
    private final Counter dropped = new Counter();

    public CounterMarks(EventLog log, Clock clock) {
        this.log = log;
        this.clock = clock;
    }

    @Override
    public void post(long postId) {
        mark(new Mark(POST, postId));
    }

    @Override
    public void user(long userId) {
        mark(new Mark(USER, userId));
    }

    private void mark(Mark mark) {
        marked.inc();
        long minute = EventLog.slotOf(clock.instant());
        if (minute != writtenMinute) {
            writtenThisMinute.clear();
            writtenMinute = minute;
        }
        if (writtenThisMinute.contains(mark)) {
            return;
        }
        if (write(mark)) {
            writtenThisMinute.add(mark);
        } else if (waiting.size() < MAX_WAITING || waiting.contains(mark)) {
            waiting.add(mark);
        } else {
            dropped.inc();
            if (dropped.getCount() % 10_000 == 1) { // the first, then one in 10,000: an outage drops many
                LOG.error(
                        "{} dirty counters wait to be marked and more keep coming: marks are dropped until the "
                                + "store answers; run the reconcile task (POST /tasks/reconcile on the admin port) once it "
                                + "does",
                        waiting.size());
            }
        }
    }

    private boolean write(Mark mark) {
        try {
            log.append(mark.kind(), mark.id(), mark.id());
            return true;
        } catch (StoreException e) {
            return false;
        }
    }

    /** Writes the marks that waited for the store, stopping at the first it still refuses; how many still wait. */
    public int flush() {
        for (Mark mark : List.copyOf(waiting)) {
            if (!write(mark)) {
                break;
            }
            waiting.remove(mark);
        }
        return waiting.size();
    }

    /** Marks waiting in memory for the store to answer. */
    public int waiting() {
        return waiting.size();
    }

    /** Every mark made here, written or not, counted once each time a counter was marked. */
    public Counter marked() {
        return marked;
    }

    /** Marks dropped because too many waited. */
    public Counter dropped() {
        return dropped;
    }
}
