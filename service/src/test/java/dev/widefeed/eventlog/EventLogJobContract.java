package dev.widefeed.eventlog;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.store.Storage;
import dev.widefeed.testing.TestStorages;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the event log's job dispatches entries to handlers by kind, over each backend's real log: every
 * kind to its own handler, earliest deadline first; the watermark moves past finished work only, and
 * is held by work not done and by kinds no handler here knows. One tiny subclass per backend runs it.
 */
public abstract class EventLogJobContract {
    private final IdGenerator ids = TestStorages.ids();
    /** The job runs ten minutes ahead, so the slots written now are settled for it. */
    private final Clock ahead = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10));
    private final List<String> turns = new ArrayList<>();

    protected abstract Storage storage();

    private static int freshShard() {
        return ThreadLocalRandom.current().nextInt(1_000, Integer.MAX_VALUE);
    }

    private static long thisMinute() {
        return EventLog.slotOf(Instant.now());
    }

    private EventLogJob job(Map<String, LogHandler> handlers) {
        return new EventLogJob(storage().eventLog(), handlers, new EventLogJob.Settings(1, 1, 1,
                Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofHours(1), "test-" + ids.next()),
                ahead, new MetricRegistry());
    }

    /**
     * Work that is done after {@code turnsNeeded} turns; every turn is written down as "name:subject".
     * What is left is kept per entry across opens, the way a real handler keeps a checkpoint.
     */
    private LogHandler handler(String name, int turnsNeeded, Instant deadline) {
        Map<String, Integer> left = new ConcurrentHashMap<>();
        return entry -> new Counted(name + ":" + entry.subjectId(), entry.key(), left, turnsNeeded, deadline);
    }

    private final class Counted implements LogHandler.Work {
        private final String name;
        private final String key;
        private final Map<String, Integer> left;
        private final int turnsNeeded;
        private final Instant deadline;

        Counted(String name, String key, Map<String, Integer> left, int turnsNeeded, Instant deadline) {
            this.name = name;
            this.key = key;
            this.left = left;
            this.turnsNeeded = turnsNeeded;
            this.deadline = deadline;
        }

        @Override
        public boolean done() {
            return left.getOrDefault(key, turnsNeeded) == 0;
        }

        @Override
        public Instant dueSince() {
            return Instant.EPOCH;
        }

        @Override
        public Instant deadline() {
            return deadline;
        }

        @Override
        public LogHandler.Turn turn(int pages, BooleanSupplier keepGoing) {
            turns.add(name);
            left.merge(key, turnsNeeded - 1, (was, one) -> was - 1);
            return new LogHandler.Turn.Worked(this);
        }
    }

    private LogEntry append(int shard, long slot, String kind) {
        LogEntry entry = new LogEntry(shard, slot, kind, ids.next(), ids.next());
        storage().eventLog().append(entry);
        return entry;
    }

    @Test
    void eachKindGoesToItsHandlerEarliestDeadlineFirstAndFinishedWorkMovesTheWatermark() {
        int shard = freshShard();
        long slot = thisMinute();
        LogEntry late = append(shard, slot, "test-late");
        LogEntry soon = append(shard, slot - 2, "test-soon");
        EventLogJob job = job(Map.of(
                "test-late", handler("late", 1, Instant.now().plusSeconds(60)),
                "test-soon", handler("soon", 1, Instant.now())));

        assertThat(job.runShard(shard)).isFalse(); // nothing left pending
        assertThat(turns).containsExactly("soon:" + soon.subjectId(), "late:" + late.subjectId());
        assertThat(storage().eventLog().watermark(shard)).hasValueSatisfying(w -> assertThat(w).isGreaterThan(slot));
        assertThat(job.backlog()).isZero();
    }

    @Test
    void theSameWorkAskedForAgainInALaterSlotIsANewEntry() {
        int shard = freshShard();
        long subject = ids.next();
        long actor = ids.next();
        List<Long> worked = new ArrayList<>();
        Map<Long, Boolean> done = new ConcurrentHashMap<>();
        LogHandler once = entry -> new LogHandler.Work() {
            @Override
            public boolean done() {
                return done.containsKey(entry.slot());
            }

            @Override
            public Instant dueSince() {
                return Instant.EPOCH;
            }

            @Override
            public Instant deadline() {
                return Instant.EPOCH;
            }

            @Override
            public LogHandler.Turn turn(int pages, BooleanSupplier keepGoing) {
                worked.add(entry.slot());
                done.put(entry.slot(), true);
                return new LogHandler.Turn.Worked(this);
            }
        };
        // On time, not ahead: the watermark stays a minute behind now, so a later slot is scanned later.
        EventLogJob job = new EventLogJob(storage().eventLog(), Map.of("test-again", once), new EventLogJob.Settings(
                1, 1, 1, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofHours(1), "test-" + ids.next()),
                Clock.systemUTC(), new MetricRegistry());
        long first = thisMinute() - 3;
        storage().eventLog().append(new LogEntry(shard, first, "test-again", subject, actor));
        job.runShard(shard);
        long later = thisMinute();
        storage().eventLog().append(new LogEntry(shard, later, "test-again", subject, actor));
        job.runShard(shard);
        assertThat(worked).containsExactly(first, later);
    }

    @Test
    void workNotDoneHoldsTheWatermarkAndGetsAnotherTurn() {
        int shard = freshShard();
        long slot = thisMinute() - 3;
        LogEntry twoTurns = append(shard, slot, "test-long");
        EventLogJob job = job(Map.of("test-long", handler("long", 2, Instant.now())));

        assertThat(job.runShard(shard)).isTrue(); // worked, and still pending: offer it again
        assertThat(storage().eventLog().watermark(shard))
                .hasValueSatisfying(w -> assertThat(w).isLessThanOrEqualTo(slot));
        assertThat(job.backlog()).isEqualTo(1);
        job.runShard(shard);
        assertThat(turns).containsExactly("long:" + twoTurns.subjectId(), "long:" + twoTurns.subjectId());
        assertThat(storage().eventLog().watermark(shard)).hasValueSatisfying(w -> assertThat(w).isGreaterThan(slot));
    }

    @Test
    void anEntryOfAKindNoHandlerKnowsWaitsAndHoldsTheWatermark() {
        int shard = freshShard();
        long slot = thisMinute() - 5;
        append(shard, slot, "from-a-newer-version");
        LogEntry known = append(shard, slot + 1, "test-known");
        EventLogJob job = job(Map.of("test-known", handler("known", 1, Instant.now())));

        job.runShard(shard);
        assertThat(turns).containsExactly("known:" + known.subjectId());
        assertThat(job.backlog()).isEqualTo(1);
        // The watermark stays at the unknown entry's slot (or was never saved): a newer instance finds it there.
        assertThat(storage().eventLog().watermark(shard).orElse(slot)).isEqualTo(slot);
    }

    @Test
    void anEntryAppendedToASlotAfterAPassReadItIsReadByTheNextPassHoweverLongThePassTook() {
        int shard = freshShard();
        long slot = thisMinute();
        AtomicReference<Instant> now = new AtomicReference<>(Instant.ofEpochSecond(slot * 60 + 30));
        Clock moving = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now.get();
            }
        };
        List<Long> worked = new ArrayList<>();
        LogEntry late = new LogEntry(shard, slot, "test-slow", ids.next(), ids.next());
        LogHandler slow = entry -> new LogHandler.Work() {
            private boolean done;

            @Override
            public boolean done() {
                return done;
            }

            @Override
            public Instant dueSince() {
                return Instant.EPOCH;
            }

            @Override
            public Instant deadline() {
                return Instant.EPOCH;
            }

            @Override
            public LogHandler.Turn turn(int pages, BooleanSupplier keepGoing) {
                worked.add(entry.subjectId());
                if (entry.subjectId() != late.subjectId()) {
                    // While this long turn runs, another request appends to the slot this pass has read already,
                    // and the clock moves past the slot's settling.
                    storage().eventLog().append(late);
                    now.set(now.get().plus(Duration.ofMinutes(3)));
                }
                done = true;
                return new LogHandler.Turn.Worked(this);
            }
        };
        EventLogJob job = new EventLogJob(storage().eventLog(), Map.of("test-slow", slow), new EventLogJob.Settings(
                1, 1, 1, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofHours(1), "test-" + ids.next()),
                moving, new MetricRegistry());
        LogEntry first = append(shard, slot, "test-slow");

        job.runShard(shard);
        job.runShard(shard);

        assertThat(worked).containsExactly(first.subjectId(), late.subjectId());
    }
}
