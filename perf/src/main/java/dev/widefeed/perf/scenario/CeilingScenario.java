package dev.widefeed.perf.scenario;

import dev.widefeed.comment.store.Vote;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.timeline.TimelineEntry;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.ClosedLoop;
import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.Results;
import dev.widefeed.post.PostCounts;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The {@code ceiling} scenario: the store's raw limits, each operation driven closed-loop on its own, the
 * denominators the other scenarios' rates are read against. Every operation works on ids of its own, fresh
 * from an id generator, so it neither touches a loaded workload nor meets rows of an earlier operation or run.
 */
public final class CeilingScenario {
    public static final String INSERT = "insert";
    public static final String READ = "read";
    public static final String COUNTER = "counter";
    public static final String CONDITIONAL = "conditional";
    public static final String BATCH = "batch";
    public static final String PIPELINED_INSERT = "pipelined-insert";
    /** Users one pipelined push goes to: a page of fan-out is 1,000; this is many pages' worth in one call. */
    private static final int PIPELINE_USERS = 20_000;

    /** Apart from the other perf id workers (1000-1003), so ids never collide in a shared store. */
    private static final IdGenerator IDS = new IdGenerator(1004);
    /**
     * Ids per block, far more than one operation uses in a run. A few blocks span well under a second of the id
     * generator's clock, less than a later process takes to start, so its ids start past all of these.
     */
    private static final long RANGE = 1L << 28;
    /** Partitions the writes spread over, so they land like fan-out's: one row each into many inboxes. */
    private static final int SPREAD = 100_000;

    private static final int READ_USERS = 1_000;
    private static final int READ_ROWS_EACH = 50;
    private static final int PAGE = 20;
    private static final int COUNTERS = 1_000;
    private static final int COMMENTS = 1_000;
    private static final int BATCH_ROWS = 20;
    /** What fan-out pushes with. */
    private static final Duration TTL = new FeedFactory().rules().home().entryTtl();

    private static long nextFree;

    /** Threads, warm-up and measured time of each operation. */
    public record Settings(int threads, Duration warmup, Duration measure) {
        public static final Settings DEFAULTS = new Settings(32, Duration.ofSeconds(5), Duration.ofSeconds(15));

        public Settings {
            if (threads < 1 || warmup.isNegative() || measure.isNegative() || measure.isZero()) {
                throw new IllegalArgumentException(
                        "at least one thread, a warm-up of zero or more and a positive " + "measured time");
            }
        }
    }

    private CeilingScenario() {}

    /** Measures each operation in turn, prints a line for each, and writes {@link Results#CEILING} into {@code runDir}. */
    public static CeilingResult run(Storage storage, Settings settings, Path runDir, PrintStream out)
            throws IOException, InterruptedException {
        out.printf(
                Locale.ROOT,
                "%s ceiling: %d threads, %s warm-up, %s measured per operation%n",
                storage.backend(),
                settings.threads(),
                settings.warmup(),
                settings.measure());
        List<CeilingResult.Operation> operations = new ArrayList<>();
        for (Measurement measurement : List.<Measurement>of(
                CeilingScenario::insert,
                CeilingScenario::pipelinedInsert,
                CeilingScenario::read,
                CeilingScenario::counter,
                CeilingScenario::conditional,
                CeilingScenario::batch)) {
            CeilingResult.Operation operation = measurement.on(storage, settings);
            out.println(line(operation));
            operations.add(operation);
        }
        CeilingResult result = new CeilingResult(storage.backend(), operations);
        Results.write(runDir, Results.CEILING, result);
        return result;
    }

    @FunctionalInterface
    private interface Measurement {
        CeilingResult.Operation on(Storage storage, Settings settings) throws InterruptedException;
    }

    /** Single-row home timeline inserts: the row fan-out writes per follower. */
    public static CeilingResult.Operation insert(Storage storage, Settings settings) throws InterruptedException {
        long base = freshBlocks(2);
        long users = base + RANGE;
        long posts = base + 2 * RANGE;
        int threads = settings.threads();
        return measure(
                INSERT,
                settings,
                (thread, i) -> {
                    long n = i * threads + thread;
                    storage.timelines().push(new TimelineEntry(posts + n, base, 0), List.of(users + n % SPREAD), TTL);
                },
                rate -> String.format(
                        Locale.ROOT,
                        "timelines().push of one entry to one user: a single-row home "
                                + "timeline insert, the row fan-out writes per follower; over %,d users",
                        SPREAD));
    }

    /**
     * The same single-row inserts as {@link #insert}, pipelined the way fan-out sends them: one entry pushed to
     * {@value #PIPELINE_USERS} users per call, the adapter keeping its own bounded number in flight, calls back to
     * back from one thread. This is what the store absorbs when the client is not the limit; its latency is per call.
     */
    public static CeilingResult.Operation pipelinedInsert(Storage storage, Settings settings) {
        long base = freshBlocks(2);
        long users = base + RANGE;
        long posts = base + 2 * RANGE;
        List<Long> block = new ArrayList<>(PIPELINE_USERS);
        for (int u = 0; u < PIPELINE_USERS; u++) {
            block.add(users + u);
        }
        long warmupEnd = System.nanoTime() + settings.warmup().toNanos();
        long n = 0;
        while (System.nanoTime() - warmupEnd < 0) {
            storage.timelines().push(new TimelineEntry(posts + n++, base, 0), block, TTL);
        }
        Histogram perCall = new Histogram(3);
        long start = System.nanoTime();
        long end = start + settings.measure().toNanos();
        long rows = 0;
        while (System.nanoTime() - end < 0) {
            long began = System.nanoTime();
            storage.timelines().push(new TimelineEntry(posts + n++, base, 0), block, TTL);
            perCall.recordValue(Math.max(1, (System.nanoTime() - began) / 1000));
            rows += PIPELINE_USERS;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double rate = rows / seconds;
        return new CeilingResult.Operation(
                PIPELINED_INSERT,
                String.format(
                        Locale.ROOT,
                        "timelines().push of one entry "
                                + "to %,d users per call, back to back from one thread: single-row inserts pipelined as fan-out "
                                + "sends them; ops are rows, latency is per call of %,d rows",
                        PIPELINE_USERS,
                        PIPELINE_USERS),
                1,
                seconds,
                rows,
                0,
                rate,
                LatencySummary.ofMicros(perCall));
    }

    /** One page from one user's home timeline partition. */
    public static CeilingResult.Operation read(Storage storage, Settings settings) throws InterruptedException {
        long base = freshBlocks(2);
        long users = base + RANGE;
        long posts = base + 2 * RANGE;
        for (int u = 0; u < READ_USERS; u++) {
            List<TimelineEntry> entries = new ArrayList<>(READ_ROWS_EACH);
            for (int r = 0; r < READ_ROWS_EACH; r++) {
                entries.add(new TimelineEntry(posts + (long) u * READ_ROWS_EACH + r, base, 0));
            }
            storage.timelines().pushAll(users + u, entries, TTL);
        }
        return measure(
                READ,
                settings,
                (thread, i) -> {
                    int page = storage.timelines()
                            .home(users + (i * 31 + thread) % READ_USERS, Optional.empty(), PAGE)
                            .size();
                    if (page != PAGE) {
                        throw new IllegalStateException("a pre-filled timeline gave " + page + " entries");
                    }
                },
                rate -> String.format(
                        Locale.ROOT,
                        "timelines().home: the newest %d entries of one user's home timeline "
                                + "partition; %,d users pre-filled with %d entries each",
                        PAGE,
                        READ_USERS,
                        READ_ROWS_EACH));
    }

    /** Counter updates, as every like, comment and repost makes. */
    public static CeilingResult.Operation counter(Storage storage, Settings settings) throws InterruptedException {
        long posts = freshBlocks(0);
        return measure(
                COUNTER,
                settings,
                (thread, i) -> storage.posts().addCounts(posts + (i * 31 + thread) % COUNTERS, PostCounts.likes(1)),
                rate -> String.format(
                        Locale.ROOT, "posts().addCounts(likes + 1) on one of %,d posts' counter rows", COUNTERS));
    }

    /** Compare-and-sets that apply: a fresh (comment, user) vote each. */
    public static CeilingResult.Operation conditional(Storage storage, Settings settings) throws InterruptedException {
        long comments = freshBlocks(1);
        long voters = comments + RANGE;
        int threads = settings.threads();
        return measure(
                CONDITIONAL,
                settings,
                (thread, i) -> {
                    long n = i * threads + thread;
                    if (!storage.commentVotes()
                            .compareAndSetVote(comments + n % COMMENTS, voters + n, Vote.NONE, Vote.LIKE)) {
                        throw new IllegalStateException("a fresh vote was already set");
                    }
                },
                rate -> String.format(
                        Locale.ROOT,
                        "commentVotes().compareAndSetVote NONE -> LIKE on a fresh (comment, "
                                + "user) pair over %,d comments: a lightweight transaction on Cassandra, a checkAndMutate on HBase",
                        COMMENTS));
    }

    /** Multi-row writes into one partition. */
    public static CeilingResult.Operation batch(Storage storage, Settings settings) throws InterruptedException {
        long base = freshBlocks(2);
        long users = base + RANGE;
        long posts = base + 2 * RANGE;
        int threads = settings.threads();
        return measure(
                BATCH,
                settings,
                (thread, i) -> {
                    long n = i * threads + thread;
                    List<TimelineEntry> entries = new ArrayList<>(BATCH_ROWS);
                    for (int r = 0; r < BATCH_ROWS; r++) {
                        entries.add(new TimelineEntry(posts + n * BATCH_ROWS + r, base, 0));
                    }
                    storage.timelines().pushAll(users + n % SPREAD, entries, TTL);
                },
                rate -> String.format(
                        Locale.ROOT,
                        "timelines().pushAll of %d entries into one user's home timeline (an "
                                + "unlogged single-partition batch on Cassandra, a multi-put on HBase): %d rows per op, %,.0f ops/s "
                                + "= %,.0f rows/s",
                        BATCH_ROWS,
                        BATCH_ROWS,
                        rate,
                        rate * BATCH_ROWS));
    }

    /** @param description the entry's description, given the measured operations per second */
    private static CeilingResult.Operation measure(
            String name, Settings settings, ClosedLoop.Operation operation, DoubleFunction<String> description)
            throws InterruptedException {
        ClosedLoop.Result result =
                ClosedLoop.run(name, settings.threads(), settings.warmup(), settings.measure(), operation);
        return new CeilingResult.Operation(
                name,
                description.apply(result.perSecond()),
                settings.threads(),
                result.seconds(),
                result.operations(),
                result.errors(),
                result.perSecond(),
                LatencySummary.ofMicros(result.latencyMicros()));
    }

    /** A fresh id, the first of {@code blocks} further blocks of ids above it that no other call gets. */
    private static synchronized long freshBlocks(int blocks) {
        long base = Math.max(IDS.next(), nextFree);
        nextFree = base + (blocks + 1) * RANGE;
        return base;
    }

    private static String line(CeilingResult.Operation op) {
        return String.format(
                Locale.ROOT,
                "%-12s %10.0f ops/s  p50 %7.2f ms  p99 %7.2f ms  p99.9 %7.2f ms  errors %d%s",
                op.name(),
                op.opsPerSecond(),
                op.latency().p50Ms(),
                op.latency().p99Ms(),
                op.latency().p999Ms(),
                op.errors(),
                op.name().equals(BATCH)
                        ? String.format(Locale.ROOT, "  (%,.0f rows/s)", op.opsPerSecond() * BATCH_ROWS)
                        : "");
    }
}
