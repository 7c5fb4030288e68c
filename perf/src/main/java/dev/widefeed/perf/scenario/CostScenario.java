package dev.widefeed.perf.scenario;

import com.codahale.metrics.MetricRegistry;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import dev.widefeed.WidefeedConfiguration;
import dev.widefeed.cache.BatchedCache;
import dev.widefeed.cache.CacheSettings;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.graph.RelationRepairJob;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.mastodon.HomeStatuses;
import dev.widefeed.mastodon.IdPaging;
import dev.widefeed.mastodon.Presenter;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.strategy.CountingStorage;
import dev.widefeed.store.Storage;
import dev.widefeed.textindex.TrendingJob;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * What each user action costs the store, counted two ways: at the storage interfaces ({@link CountingStorage}: a read
 * or write of n partitions by key is n, a page of a range one), split into the request's own calls and the background
 * work it left (the event log's handlers), and at the client, as the store served them (Cassandra: the driver's CQL
 * requests; HBase: the RPCs sent), less what the idle service sends meanwhile. Beside them: each cache's hit ratio and
 * the service's CPU per action. The service runs in process as an instance does (its event log job, cache
 * invalidations, trending and relation repair jobs), over a population it builds through its own services; the
 * once-a-minute jobs (trending, relation repair) are measured in the idle figures and stopped before the actions.
 *
 * <p>Background work includes entries that wait on purpose (notification guards are worked two minutes after their
 * change): after each kind's requests the log is drained of what is due at once, then the scenario's clock is moved
 * three minutes on, so the guards come due, and the log is drained again. Reads are measured cold (the cache tier
 * emptied first) and warm (the same pages read once just before, unmeasured).
 */
public final class CostScenario {
    public static final String RESULT = "cost.json";
    /** Apart from the other perf id workers (1000-1003), so ids never collide in a shared store. */
    private static final int ID_WORKER = 1004;

    private static final int PAGE = 20;
    private static final Duration GUARD_DELAY = Duration.ofMinutes(3);
    /** The calls listed per action, most operations first: enough for a follow's or a post's every statement. */
    private static final int TOP_CALLS = 24;

    /**
     * @param clients how many clients act at once in the writes' second measure: each write is measured one at a
     *                time, then (if more than 1) again with this many acting together, as a busy service meets them
     */
    public record Settings(
            int authors, int postsPerAuthor, int readers, int following, int actions, int idleSeconds, int clients) {
        /** Writes measured at once: enough that every client makes a few. */
        int atOnce() {
            return clients > 1 ? Math.max(actions, 4 * clients) : 0;
        }
    }

    /**
     * Per action: store operations on the request path and in the background (storage interfaces; the periodic
     * jobs' idle rate taken off), store requests at the client (the idle rate taken off), the service's CPU
     * milliseconds, each cache's hit ratio over the action's requests, and the calls that made the most operations.
     */
    public record ActionCost(
            String action,
            int count,
            double requestOperations,
            double backgroundOperations,
            double clientRequests,
            double cpuMillis,
            Map<String, Double> hitRatios,
            Map<String, Long> topRequestCalls,
            Map<String, Long> topBackgroundCalls,
            Map<String, Double> topClientStatements) {}

    public record Result(
            String backend,
            Settings settings,
            double idleOperationsPerSecond,
            double idleClientRequestsPerSecond,
            Map<String, Double> idleClientStatementsPerSecond,
            List<ActionCost> actions) {}

    /** A clock the scenario moves forward, so that work waiting on purpose comes due without waiting for it. */
    private static final class SteppingClock extends Clock {
        private final AtomicLong aheadMillis = new AtomicLong();

        void step(Duration by) {
            aheadMillis.addAndGet(by.toMillis());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.now().plusMillis(aheadMillis.get());
        }
    }

    private CostScenario() {}

    /** @param clientRequests store requests the client has sent so far (CQL requests, or HBase RPCs) */
    public static Result run(
            Storage storage, StoreRequests clientRequests, Settings settings, Path runDirectory, PrintStream out)
            throws IOException, InterruptedException {
        SteppingClock clock = new SteppingClock();
        CountingStorage counting = new CountingStorage(storage);
        EventLogFactory log = new EventLogFactory();
        CacheSettings caches = new WidefeedConfiguration.Caches().settings();
        Features services = new Features(
                counting,
                InstanceSettings.of(new IdGenerator(ID_WORKER, clock), clock)
                        .withLogShards(log.shards)
                        .withCaches(caches));
        EventLogJob job = new EventLogJob(
                counting.eventLog(),
                services.log.handlers(),
                log.settings("perf-cost-" + UUID.randomUUID()),
                clock,
                new MetricRegistry(),
                services.context.threads().scheduled("eventlog-poll"),
                services.context.threads().fixed("eventlog-worker", log.threads),
                services.context.threads().cached("eventlog-release"));
        WidefeedConfiguration defaults = new WidefeedConfiguration();
        TrendingJob trending = new TrendingJob(
                counting.textIndex(),
                defaults.topics.trendingEvery.toJavaDuration(),
                clock,
                services.context.threads().scheduled("trending"));
        RelationRepairJob repair = new RelationRepairJob(
                services.graph.repairer(),
                clock,
                defaults.relationRepair.period.toJavaDuration(),
                defaults.relationRepair.settle.toJavaDuration(),
                defaults.relationRepair.lookback.toJavaDuration(),
                new MetricRegistry(),
                services.context.threads().scheduled("relation-repair"));
        // The same instance with its cache tier off (every entry expires at once): the read path before the tier, in
        // the same run, on the same machine.
        Features untiered = new Features(
                counting,
                InstanceSettings.of(new IdGenerator(ID_WORKER + 1, clock), clock)
                        .withLogShards(log.shards)
                        .withCaches(new CacheSettings(
                                1,
                                1,
                                Duration.ofNanos(1),
                                1,
                                Duration.ofNanos(1),
                                1,
                                Duration.ofNanos(1),
                                caches.invalidationPoll(),
                                caches.invalidationLateness())));
        // As the service wires it: what either instance appends wakes the job's quiet shard at once.
        job.serve(services.log.log());
        job.serve(untiered.log.log());
        job.start();
        trending.start();
        repair.start();
        services.cache.invalidations().start(caches.invalidationPoll());
        try {
            return measure(
                    storage.backend(),
                    services,
                    untiered,
                    counting,
                    job,
                    clock,
                    clientRequests,
                    () -> {
                        repair.stop();
                        trending.stop();
                    },
                    settings,
                    runDirectory,
                    out);
        } finally {
            services.cache.invalidations().close();
            repair.stop();
            trending.stop();
            job.stop();
        }
    }

    private static Result measure(
            String backend,
            Features services,
            Features untiered,
            CountingStorage counting,
            EventLogJob job,
            SteppingClock clock,
            StoreRequests clientRequests,
            OnceAMinuteJobs onceAMinuteJobs,
            Settings settings,
            Path runDirectory,
            PrintStream out)
            throws IOException, InterruptedException {
        Random random = new Random(42);
        Population population = Population.build(services, settings, random, out);
        out.println("cost: first home reads (inboxes rebuilt), then the log drained");
        for (long reader : population.readers) {
            services.feed.home().home(reader, reader, Optional.empty(), PAGE);
        }
        drain(job, clock, services.log.log().shards());

        out.printf("cost: idle for %d s%n", settings.idleSeconds());
        IdleRates idle = IdleRates.measure(counting, clientRequests, Duration.ofSeconds(settings.idleSeconds()));
        out.println("cost: idle calls: " + counting.operationsByCallWithPolling());
        out.printf(
                "cost: idle: %.1f operations/s at the interfaces, %.1f requests/s at the client%n",
                idle.operations(), idle.client());
        // The once-a-minute jobs are in the idle figures above. Stopped now: one of them landing in an action's few
        // seconds would be counted as the action's (a relation repair pass reads its journal's shards for every
        // minute since the last, and the scenario's clock steps minutes at a time), and the idle rate taken off each
        // action would hold them though most actions' seconds do not. What is taken off is then what always runs:
        // the cache tier's invalidation poll and the event log's.
        onceAMinuteJobs.stop();
        // As long as the idle measure: the event log renews its leases and polls its quiet shards every few seconds,
        // in bursts, which a shorter window can miss altogether.
        IdleRates always = IdleRates.measure(counting, clientRequests, Duration.ofSeconds(settings.idleSeconds()));
        out.printf(
                "cost: without the once-a-minute jobs: %.1f operations/s at the interfaces (%.1f/s background),"
                        + " %.1f requests/s at the client: %s%n      client: %s%n",
                always.operations(),
                always.background(),
                always.client(),
                counting.operationsByCallWithPolling(),
                StoreRequests.top(always.clientByStatement(), 1, TOP_CALLS));

        int n = settings.actions();
        List<Long> readers = population.readers;
        List<Long> posts = population.posts;
        Measure bare = new Measure(services, counting, job, clock, clientRequests, always, DrainCost.NONE, out);
        // Each measure ends with a drain that steps the scenario's clock three minutes (so guards come due), and what
        // runs by the clock catches up on those minutes (the cache tier's invalidation poll reads each slot it
        // skipped; the log's leases look lapsed, and each shard's watermark is read again): a cost of the stepped
        // clock, not of the action, measured on a drain with nothing to do and taken off each measure.
        DrainCost drainAlone = bare.drainAlone();
        out.printf(
                "cost: a drain with nothing to do (the stepped clock's catch-up): %.1f requests at the client, %.1f"
                        + " operations in the background, taken off each measure: %s%n",
                drainAlone.client(),
                drainAlone.background(),
                StoreRequests.top(drainAlone.byStatement(), 1, TOP_CALLS));
        Measure m = bare.with(drainAlone);
        List<ActionCost> costs = new ArrayList<>();
        List<Long> pagePosts = sample(posts, n, random);
        costs.add(m.run(
                "home (no cache tier)",
                n,
                Caches.AS_THEY_ARE,
                i -> untiered.feed
                        .home()
                        .home(
                                readers.get(i % readers.size()),
                                readers.get(i % readers.size()),
                                Optional.empty(),
                                PAGE)));
        costs.add(m.run(
                "home (cold)",
                n,
                Caches.EMPTIED,
                i -> services.feed
                        .home()
                        .home(
                                readers.get(i % readers.size()),
                                readers.get(i % readers.size()),
                                Optional.empty(),
                                PAGE)));
        costs.add(m.run(
                "home",
                n,
                Caches.WARMED,
                i -> services.feed
                        .home()
                        .home(
                                readers.get(i % readers.size()),
                                readers.get(i % readers.size()),
                                Optional.empty(),
                                PAGE)));
        HomeStatuses mastodonHome = new HomeStatuses(services.feed.home(), services.graph.users());
        Presenter presenter = new Presenter(URI.create("http://localhost:8080/"));
        costs.add(m.run(
                "home (Mastodon face)",
                n,
                Caches.WARMED,
                i -> mastodonHome.page(readers.get(i % readers.size()), IdPaging.newest(), presenter)));
        costs.add(m.run(
                "one post (no cache tier)",
                n,
                Caches.AS_THEY_ARE,
                i -> untiered.posts.posts().get(readers.get(i % readers.size()), pagePosts.get(i))));
        costs.add(m.run(
                "one post (cold)",
                n,
                Caches.EMPTIED,
                i -> services.posts.posts().get(readers.get(i % readers.size()), pagePosts.get(i))));
        costs.add(m.run(
                "one post",
                n,
                Caches.WARMED,
                i -> services.posts.posts().get(readers.get(i % readers.size()), pagePosts.get(i))));
        // A like comes after its liker saw the post: each is shown to its liker first, outside the measure, as the
        // page it was liked from would have (its counts then in the cache; the like's answer reads them there).
        List<Long> liked = sample(posts, n, random);
        for (int i = 0; i < n; i++) {
            services.posts.posts().getAll(readers.get(i % readers.size()), List.of(liked.get(i)));
        }
        costs.add(m.run(
                "like",
                n,
                Caches.AS_THEY_ARE,
                i -> services.likes.likes().like(readers.get(i % readers.size()), liked.get(i))));
        List<Long> commented = sample(posts, n, random);
        costs.add(m.run(
                "comment",
                n,
                Caches.AS_THEY_ARE,
                i -> services.comments
                        .writer()
                        .create(readers.get(i % readers.size()), commented.get(i), "a comment", Optional.empty())));
        // A post with a full first page of comments, made before the measure: the page's reads are what is counted.
        long discussed = posts.get(0);
        for (int i = 0; i < PAGE; i++) {
            services.comments
                    .writer()
                    .create(readers.get(i % readers.size()), discussed, "comment " + i, Optional.empty());
        }
        costs.add(m.run(
                "comments page of " + PAGE,
                n,
                Caches.WARMED,
                i -> services.comments.reader().page(readers.get(i % readers.size()), discussed, 1)));
        costs.add(m.run(
                "post (no followers)",
                n,
                Caches.AS_THEY_ARE,
                i -> services.posts.posts().create(population.lonely.get(i), "a post nobody follows", null)));
        // Each author posts once first, outside the measure: the fan-out decides each follow edge's way (push or pull)
        // once, when an author's rate first shows, and keeps it; the measured posts find the edges decided.
        for (int i = 0; i < n; i++) {
            services.posts.posts().create(population.authors.get(i % population.authors.size()), "a first post", null);
        }
        drain(job, clock, services.log.log().shards());
        costs.add(m.run(
                "post (" + population.followersEach + " followers)",
                n,
                Caches.AS_THEY_ARE,
                i -> services.posts
                        .posts()
                        .create(population.authors.get(i % population.authors.size()), "a post", null)));
        costs.add(m.run(
                "follow (no posts)",
                n,
                Caches.AS_THEY_ARE,
                i -> services.graph.follows().follow(readers.get(i % readers.size()), population.followees.get(i))));

        if (settings.clients() > 1) {
            costs.addAll(atOnce(m, services, population, settings, random, job, clock));
        }

        Result result = new Result(
                backend,
                settings,
                idle.operations(),
                idle.client(),
                StoreRequests.top(always.clientByStatement(), 1, Integer.MAX_VALUE),
                costs);
        Results.write(runDirectory, RESULT, result);
        out.printf(
                "%n%-22s %10s %10s %10s %10s  %s%n",
                "action", "request", "background", "client", "cpu ms", "hit ratios");
        for (ActionCost c : costs) {
            out.printf(
                    "%-22s %10.1f %10.1f %10.1f %10.2f  %s%n",
                    c.action(),
                    c.requestOperations(),
                    c.backgroundOperations(),
                    c.clientRequests(),
                    c.cpuMillis(),
                    c.hitRatios());
        }
        out.printf("%-22s %10.1f/s %21.1f/s%n", "idle", idle.operations(), idle.client());
        out.printf(
                "(request and background: store operations at the interfaces per action; client: %s per action, "
                        + "less the rate of the idle service without its once-a-minute jobs)%n",
                backend.equals("cassandra") ? "CQL requests" : "HBase RPCs");
        return result;
    }

    /**
     * The writes again, {@link Settings#clients} clients acting at once on other subjects than the first measure's: what
     * a busy service's requests and background work cost the store, where batching and coalescing can show.
     */
    private static List<ActionCost> atOnce(
            Measure m,
            Features services,
            Population population,
            Settings settings,
            Random random,
            EventLogJob job,
            SteppingClock clock)
            throws InterruptedException {
        int k = settings.atOnce();
        int clients = settings.clients();
        int first = settings.actions(); // past the users the first measure used
        List<Long> readers = population.readers;
        String suffix = " (" + clients + " at once)";
        List<ActionCost> costs = new ArrayList<>();
        List<Long> liked = sample(population.posts, k, random);
        for (int i = 0; i < k; i++) {
            services.posts.posts().getAll(readers.get((first + i) % readers.size()), List.of(liked.get(i)));
        }
        costs.add(m.run(
                "like" + suffix,
                k,
                Caches.AS_THEY_ARE,
                clients,
                i -> services.likes.likes().like(readers.get((first + i) % readers.size()), liked.get(i))));
        List<Long> commented = sample(population.posts, k, random);
        costs.add(m.run(
                "comment" + suffix,
                k,
                Caches.AS_THEY_ARE,
                clients,
                i -> services.comments
                        .writer()
                        .create(
                                readers.get((first + i) % readers.size()),
                                commented.get(i),
                                "a comment",
                                Optional.empty())));
        costs.add(m.run(
                "post (no followers)" + suffix,
                k,
                Caches.AS_THEY_ARE,
                clients,
                i -> services.posts.posts().create(population.lonely.get(first + i), "a post nobody follows", null)));
        drain(job, clock, services.log.log().shards());
        costs.add(m.run(
                "post (" + population.followersEach + " followers)" + suffix,
                k,
                Caches.AS_THEY_ARE,
                clients,
                i -> services.posts
                        .posts()
                        .create(population.authors.get(i % population.authors.size()), "a post", null)));
        costs.add(m.run(
                "follow (no posts)" + suffix,
                k,
                Caches.AS_THEY_ARE,
                clients,
                i -> services.graph
                        .follows()
                        .follow(readers.get((first + i) % readers.size()), population.followees.get(first + i))));
        return costs;
    }

    /** What {@link #measure} stops once the idle service is measured. */
    @FunctionalInterface
    private interface OnceAMinuteJobs {
        void stop() throws InterruptedException;
    }

    /** What a drain costs by itself ({@link Measure#drainAlone}): store requests, background operations. */
    private record DrainCost(double client, double background, Map<String, Double> byStatement) {
        static final DrainCost NONE = new DrainCost(0, 0, Map.of());
    }

    /** The idle service's rates over a stretch of doing nothing. */
    private record IdleRates(
            double operations, double background, double client, Map<String, Double> clientByStatement) {
        static IdleRates measure(CountingStorage counting, StoreRequests clientRequests, Duration during)
                throws InterruptedException {
            counting.reset();
            long start = System.nanoTime();
            long client = clientRequests.total().getAsLong();
            Map<String, Long> byStatement = clientRequests.byStatement().get();
            Thread.sleep(during.toMillis());
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, CountingStorage.Counts> counts = counting.counts();
            long operations = counts.values().stream()
                    .mapToLong(CountingStorage.Counts::operations)
                    .sum();
            // The periodic jobs' own calls (cache invalidations, and while they run relation repair and trending)
            // land in the background too: their rate is taken off each action's background, as the client rate is
            // off its client count.
            long background = Optional.ofNullable(counts.get(CountingStorage.BACKGROUND))
                    .map(CountingStorage.Counts::operations)
                    .orElse(0L);
            Map<String, Double> perSecond = new LinkedHashMap<>();
            StoreRequests.since(byStatement, clientRequests.byStatement().get(), Map.of(), 1)
                    .forEach((statement, count) -> perSecond.put(statement, count / seconds));
            return new IdleRates(
                    operations / seconds,
                    background / seconds,
                    (clientRequests.total().getAsLong() - client) / seconds,
                    perSecond);
        }
    }

    /**
     * Waits until the log has nothing due: first what is due at once (the entries after each change), then, three
     * minutes of the scenario's clock on, the guards, each shard woken so it sees them due. Worked apart, as in a
     * running service, where a guard comes due minutes after the hint that did its work.
     */
    private static void drain(EventLogJob job, SteppingClock clock, int shards) throws InterruptedException {
        awaitNothingDue(job);
        clock.step(GUARD_DELAY);
        for (int shard = 0; shard < shards; shard++) {
            job.wake(shard);
        }
        awaitNothingDue(job);
    }

    private static void awaitNothingDue(EventLogJob job) throws InterruptedException {
        int quiet = 0;
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (quiet < 3 && System.nanoTime() < deadline) {
            Thread.sleep(1000);
            quiet = job.backlog() == 0 ? quiet + 1 : 0;
        }
    }

    private static List<Long> sample(List<Long> from, int n, Random random) {
        List<Long> copy = new ArrayList<>(from);
        Collections.shuffle(copy, random);
        List<Long> picked = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            picked.add(copy.get(i % copy.size()));
        }
        return picked;
    }

    /**
     * The cache tier before an action's measure: as the steps before left it; emptied (cold); or warmed by the same
     * actions just before, so that counts kept for a few seconds ({@code caches.countsMaxAge}) are still held.
     */
    private enum Caches {
        AS_THEY_ARE,
        EMPTIED,
        WARMED
    }

    @FunctionalInterface
    private interface Action {
        void run(int i);
    }

    private record Measure(
            Features services,
            CountingStorage counting,
            EventLogJob job,
            SteppingClock clock,
            StoreRequests clientRequests,
            IdleRates idle,
            DrainCost drainCost,
            PrintStream out) {
        Measure with(DrainCost cost) {
            return new Measure(services, counting, job, clock, clientRequests, idle, cost, out);
        }

        /** What a drain costs with nothing appended before it, the idle rates taken off. */
        DrainCost drainAlone() throws InterruptedException {
            counting.reset();
            long client = clientRequests.total().getAsLong();
            Map<String, Long> byStatement = clientRequests.byStatement().get();
            long start = System.nanoTime();
            drain(job, clock, services.log.log().shards());
            double seconds = (System.nanoTime() - start) / 1e9;
            long background = Optional.ofNullable(counting.counts().get(CountingStorage.BACKGROUND))
                    .map(CountingStorage.Counts::operations)
                    .orElse(0L);
            return new DrainCost(
                    Math.max(0, clientRequests.total().getAsLong() - client - idle.client() * seconds),
                    Math.max(0, background - idle.background() * seconds),
                    StoreRequests.since(
                            byStatement, clientRequests.byStatement().get(), idle.clientByStatement(), seconds));
        }

        ActionCost run(String name, int n, Caches caches, Action action) throws InterruptedException {
            return run(name, n, caches, 1, action);
        }

        /** Runs {@code n} actions, {@code clients} at a time, and counts what they cost, their background included. */
        ActionCost run(String name, int n, Caches caches, int clients, Action action) throws InterruptedException {
            switch (caches) {
                case EMPTIED -> services.cache.caches().forEach(BatchedCache::dropAll);
                case WARMED -> {
                    for (int i = 0; i < n; i++) {
                        action.run(i);
                    }
                }
                case AS_THEY_ARE -> {}
            }
            Map<String, CacheStats> before = stats();
            counting.reset();
            long client = clientRequests.total().getAsLong();
            Map<String, Long> byStatement = clientRequests.byStatement().get();
            long start = System.nanoTime();
            long cpu = cpuNanos();
            runAll(name, n, clients, action);
            double cpuMillis = (cpuNanos() - cpu) / 1e6 / n;
            Map<String, Double> hitRatios = new LinkedHashMap<>();
            stats().forEach((cache, after) -> {
                CacheStats delta = after.minus(before.get(cache));
                if (delta.requestCount() > 0) {
                    hitRatios.put(cache, Math.round(delta.hitRate() * 1000) / 1000.0);
                }
            });
            drain(job, clock, services.log.log().shards());
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, CountingStorage.Counts> counts = counting.counts();
            long request = Optional.ofNullable(counts.get(name))
                    .map(CountingStorage.Counts::operations)
                    .orElse(0L);
            long background = Optional.ofNullable(counts.get(CountingStorage.BACKGROUND))
                    .map(CountingStorage.Counts::operations)
                    .orElse(0L);
            double clientPer = Math.max(
                            0,
                            clientRequests.total().getAsLong() - client - idle.client() * seconds - drainCost.client())
                    / n;
            double backgroundPer = Math.max(0, background - idle.background() * seconds - drainCost.background()) / n;
            Map<String, Long> top = topCalls(name);
            Map<String, Long> topBackground = topCalls(CountingStorage.BACKGROUND);
            Map<String, Double> topClient = StoreRequests.top(
                    StoreRequests.less(
                            StoreRequests.since(
                                    byStatement, clientRequests.byStatement().get(), idle.clientByStatement(), seconds),
                            drainCost.byStatement()),
                    n,
                    TOP_CALLS);
            ActionCost cost = new ActionCost(
                    name,
                    n,
                    (double) request / n,
                    backgroundPer,
                    clientPer,
                    cpuMillis,
                    hitRatios,
                    top,
                    topBackground,
                    topClient);
            out.printf(
                    "cost: %-22s request %6.1f  background %6.1f  client %6.1f  cpu %5.2f ms%n      request: %s%n"
                            + "      background: %s%n      client: %s%n",
                    name,
                    cost.requestOperations(),
                    cost.backgroundOperations(),
                    cost.clientRequests(),
                    cpuMillis,
                    top,
                    topBackground,
                    topClient);
            return cost;
        }

        /** Each client takes every {@code clients}-th action; all start together. */
        private static void runAll(String name, int n, int clients, Action action) throws InterruptedException {
            if (clients == 1) {
                CountingStorage.during(name, () -> {
                    for (int i = 0; i < n; i++) {
                        action.run(i);
                    }
                    return null;
                });
                return;
            }
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            try {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<?>> parts = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    int from = c;
                    parts.add(pool.submit(() -> CountingStorage.during(name, () -> {
                        try {
                            go.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return null;
                        }
                        for (int i = from; i < n; i += clients) {
                            action.run(i);
                        }
                        return null;
                    })));
                }
                go.countDown();
                for (Future<?> part : parts) {
                    try {
                        part.get();
                    } catch (ExecutionException e) {
                        throw new IllegalStateException(name + ": an action failed", e.getCause());
                    }
                }
            } finally {
                pool.shutdownNow();
            }
        }

        private Map<String, Long> topCalls(String activity) {
            return counting.operationsByCall().entrySet().stream()
                    .filter(e -> e.getKey().startsWith(activity + " "))
                    .limit(TOP_CALLS)
                    .collect(Collectors.toMap(
                            e -> e.getKey().substring(activity.length() + 1),
                            Map.Entry::getValue,
                            (a, b) -> a,
                            LinkedHashMap::new));
        }

        private Map<String, CacheStats> stats() {
            Map<String, CacheStats> stats = new LinkedHashMap<>();
            services.cache.caches().forEach(c -> stats.put(c.name(), c.stats()));
            return stats;
        }

        private static long cpuNanos() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }
    }

    /** Authors with posts, readers following some of them, and users nobody follows, built through the services. */
    private static final class Population {
        final List<Long> authors = new ArrayList<>();
        final List<Long> readers = new ArrayList<>();
        /** Users nobody follows, who post. */
        final List<Long> lonely = new ArrayList<>();
        /** Users without posts, whom readers follow. */
        final List<Long> followees = new ArrayList<>();

        final List<Long> posts = new ArrayList<>();
        int followersEach;

        static Population build(Features services, Settings settings, Random random, PrintStream out) {
            Population p = new Population();
            out.printf(
                    "cost: %d authors with %d posts each, %d readers following %d of them%n",
                    settings.authors(), settings.postsPerAuthor(), settings.readers(), settings.following());
            for (int i = 0; i < settings.authors(); i++) {
                p.authors.add(services.graph
                        .users()
                        .create("author" + i, Optional.empty())
                        .id());
            }
            for (int i = 0; i < settings.readers(); i++) {
                p.readers.add(services.graph
                        .users()
                        .create("reader" + i, Optional.empty())
                        .id());
            }
            for (int i = 0; i < settings.actions() + settings.atOnce(); i++) {
                p.lonely.add(services.graph
                        .users()
                        .create("lonely" + i, Optional.empty())
                        .id());
                p.followees.add(services.graph
                        .users()
                        .create("new" + i, Optional.empty())
                        .id());
            }
            for (long author : p.authors) {
                for (int n = 0; n < settings.postsPerAuthor(); n++) {
                    p.posts.add(services.posts
                            .posts()
                            .create(author, "post " + n + " of " + author, null)
                            .post()
                            .id());
                }
            }
            for (long reader : p.readers) {
                List<Long> followees = new ArrayList<>(p.authors);
                Collections.shuffle(followees, random);
                services.graph
                        .follows()
                        .followAll(reader, followees.subList(0, Math.min(settings.following(), followees.size())));
            }
            p.followersEach = settings.readers()
                    * Math.min(settings.following(), settings.authors())
                    / Math.max(1, settings.authors());
            return p;
        }
    }
}
