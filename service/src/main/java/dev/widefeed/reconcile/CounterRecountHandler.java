package dev.widefeed.reconcile;

import com.codahale.metrics.Counter;
import dev.widefeed.eventlog.DueWork;
import dev.widefeed.eventlog.EventLog;
import dev.widefeed.eventlog.LogEntry;
import dev.widefeed.eventlog.LogHandler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The event log's handler of the dirty counters' marks ({@link CounterMarks}): once the minute the
 * mark was made in has passed, and a few seconds more for an update of unknown outcome to land,
 * the post's or user's counters are recounted ({@link Reconciler}) and corrected. A counter that
 * kept moving while counted is tried again, backing off to a minute; after {@link #MARK_AGAIN}
 * tries the mark is made again in the current minute and this entry ends, so one restless counter
 * does not hold its shard's log for long (docs/design.md, "Counters that heal").
 */
public final class CounterRecountHandler implements LogHandler {
    private static final Logger LOG = LoggerFactory.getLogger(CounterRecountHandler.class);
    /** After the mark's minute: a timed-out update lands within the store's write timeout, or never. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    private static final int TRIES_PER_TURN = 3;
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);
    static final int MARK_AGAIN = 30;
    /** Longer than a pass of the job over a shard, however long the backlog. */
    private static final Duration FORGET_AFTER = Duration.ofMinutes(10);

    private final Reconciler reconciler;
    private final CounterMarks marks;
    private final Clock clock;
    /** Entries found moving, by key: how often, and when to try next. Forgotten when their entry ends. */
    private final Map<String, Backoff> backoffs = new ConcurrentHashMap<>();
    /**
     * Marks opened and not settled here, by key, with when they were last opened: the job opens every unfinished
     * entry of the shards it holds on each pass, so one not opened for a while was settled elsewhere (its shard
     * went to another instance) and is forgotten.
     */
    private final Map<String, Instant> pending = new ConcurrentHashMap<>();

    private final Counter corrected = new Counter();
    private final Counter foundMoving = new Counter();

    private record Backoff(int tries, Instant next) {}

    /** When a mark is due, by default: its minute's end, then {@link #SETTLE}. */
    public static final Duration DUE_AFTER_SLOT = Duration.ofSeconds(60).plus(SETTLE);

    private final Duration dueAfterSlot;

    /** @param dueAfterSlot how long after the start of its minute a mark is recounted: {@link #DUE_AFTER_SLOT} */
    public CounterRecountHandler(Reconciler reconciler, CounterMarks marks, Clock clock, Duration dueAfterSlot) {
        this.reconciler = reconciler;
        this.marks = marks;
        this.clock = clock;
        this.dueAfterSlot = dueAfterSlot;
    }

    public Map<String, LogHandler> byKind() {
        return Map.of(CounterMarks.POST, this, CounterMarks.USER, this);
    }

    /** Recounts waiting here (marked, not yet settled), in the shards this instance works. */
    public int pending() {
        Instant forgotten = clock.instant().minus(FORGET_AFTER);
        pending.entrySet().removeIf(opened -> {
            boolean stale = opened.getValue().isBefore(forgotten);
            if (stale) {
                backoffs.remove(opened.getKey());
            }
            return stale;
        });
        return pending.size();
    }

    /** The sum of the corrections the recounts applied, in counts. */
    public Counter corrected() {
        return corrected;
    }

    /** Recounts that found their counter moving and were left for another try. */
    public Counter foundMoving() {
        return foundMoving;
    }

    @Override
    public Work open(LogEntry entry) {
        String key = entry.shard() + "/" + entry.slot() + "/" + entry.key();
        pending.put(key, clock.instant());
        return new Recount(entry, key, EventLog.startOf(entry.slot()).plus(dueAfterSlot), false);
    }

    private final class Recount extends DueWork {
        private final LogEntry entry;
        private final String key;

        Recount(LogEntry entry, String key, Instant due, boolean done) {
            super(due, done);
            this.entry = entry;
            this.key = key;
        }

        /** Later while it backs off from a counter that kept moving. */
        @Override
        public Instant dueSince() {
            Backoff backoff = backoffs.get(key);
            return backoff == null ? super.dueSince() : backoff.next();
        }

        @Override
        public Turn turn(int pages, BooleanSupplier keepGoing) {
            Instant now = clock.instant();
            if (waitsAt(now)) {
                return new Turn.NotReady();
            }
            boolean post = entry.handlerKind().equals(CounterMarks.POST);
            if (!reconciler.exists(post, entry.subjectId())) {
                return finished(); // deleted or erased since: its counters went with it, and must not come back
            }
            for (int i = 0; i < TRIES_PER_TURN && keepGoing.getAsBoolean(); i++) {
                Reconciler.Report report =
                        post ? reconciler.post(entry.subjectId()) : reconciler.user(entry.subjectId());
                corrected.inc(report.drift());
                if (report.settled()) {
                    return finished();
                }
                foundMoving.inc();
            }
            Backoff before = backoffs.get(key);
            int tries = before == null ? 1 : before.tries() + 1;
            if (tries >= MARK_AGAIN) {
                LOG.info(
                        "the counters of {} {} kept moving through {} recounts; marked again for later",
                        entry.handlerKind(),
                        entry.subjectId(),
                        tries);
                if (post) {
                    marks.post(entry.subjectId());
                } else {
                    marks.user(entry.subjectId());
                }
                return finished();
            }
            Duration wait = Duration.ofSeconds(1L << Math.min(tries, 6));
            backoffs.put(key, new Backoff(tries, now.plus(wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait)));
            return new Turn.Worked(this);
        }

        private Turn finished() {
            backoffs.remove(key);
            pending.remove(key);
            return new Turn.Worked(new Recount(entry, key, super.dueSince(), true));
        }
    }
}
