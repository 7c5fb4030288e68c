package dev.widefeed.perf.replay;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.WidefeedConfiguration;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.eventlog.EventLogFactory;
import dev.widefeed.eventlog.EventLogJob;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.strategy.FeedStrategy;
import dev.widefeed.perf.strategy.HybridStrategy;
import dev.widefeed.perf.workload.EventKind;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadEvent;
import dev.widefeed.store.Storage;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The service in process: its domain services over a storage, with the service's default feed rules and its own
 * fan-out job, as a deployed instance runs them minus HTTP. The domain calls are synchronous, so each runs on a
 * pool thread; its start is when a thread takes it up, and time waiting for one is response time, not service
 * time. Domain rejections (unknown post, limits) fail the operation and the replay goes on. Posts, reposts and
 * home reads go through a {@link FeedStrategy}: the service's own by default, another for the strategies scenario.
 */
public final class ServiceTarget implements ReplayTarget {
    public static final String RAW_READ = "raw_read";
    private static final int PAGE = 20;
    /** Apart from the workers of the other perf scenarios (1000, 1001), so ids never collide in a shared store. */
    private static final int ID_WORKER = 1002;

    /**
     * @param threads       pool threads running domain calls
     * @param fanoutThreads fan-out job threads; 0 runs no job (the caller delivers posts itself, or not at all)
     * @param rawReadProbe  beside each home read, read one page of the actor's home timeline partition straight from
     *                      the store, recorded as {@value #RAW_READ}; on the same pool, so both wait alike for a thread
     * @param maxTracked    created posts kept for {@link #createdPosts()}
     */
    public record Settings(int threads, int fanoutThreads, boolean rawReadProbe, int maxTracked) {
        public static final Settings DEFAULT = new Settings(64, 2, false, 1_000_000);

        public Settings {
            if (threads < 1 || fanoutThreads < 0 || maxTracked < 0) {
                throw new IllegalArgumentException("bad service target settings");
            }
        }

        public Settings withRawReadProbe() {
            return new Settings(threads, fanoutThreads, true, maxTracked);
        }
    }

    private final Storage storage;
    private final Features services;
    private final FeedStrategy feed;
    private final Optional<EventLogJob> fanoutJob;
    private final Settings settings;
    private final Actions actions;
    private final ExecutorService pool;
    private final ExecutorService pageReads;

    private ServiceTarget(
            Storage storage,
            Features services,
            ExecutorService pageReads,
            FeedStrategy feed,
            Optional<EventLogJob> fanoutJob,
            Settings settings,
            Actions actions) {
        this.storage = storage;
        this.pageReads = pageReads;
        this.services = services;
        this.feed = feed;
        this.fanoutJob = fanoutJob;
        this.settings = settings;
        this.actions = actions;
        AtomicInteger n = new AtomicInteger();
        // Unbounded queue: the replayer's in-flight cap is the bound, and drops are counted there.
        this.pool = new ThreadPoolExecutor(
                settings.threads(), settings.threads(), 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                    Thread thread = new Thread(r, "replay-service-" + n.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Builds the services over {@code storage} (which stays the caller's) and starts the fan-out job. */
    public static ServiceTarget open(Storage storage, UserIds users, Settings settings) {
        return open(storage, users, settings, HybridStrategy::new);
    }

    /** As {@link #open(Storage, UserIds, Settings)}, posting and reading home timelines as {@code strategy} does. */
    public static ServiceTarget open(
            Storage storage, UserIds users, Settings settings, Function<Features, FeedStrategy> strategy) {
        return open(storage, users, settings, new FeedFactory().rules(), strategy);
    }

    /** As {@link #open(Storage, UserIds, Settings, Function)}, the services with {@code rules} for their feed. */
    public static ServiceTarget open(
            Storage storage,
            UserIds users,
            Settings settings,
            FeedRules rules,
            Function<Features, FeedStrategy> strategy) {
        Clock clock = Clock.systemUTC();
        EventLogFactory log = new EventLogFactory(); // the service's defaults
        ExecutorService pageReads = pageReads(new WidefeedConfiguration.Limits().pageReadThreads);
        Features services = new Features(
                storage,
                InstanceSettings.of(new IdGenerator(ID_WORKER, clock), clock)
                        .withFeed(rules)
                        .withLogShards(log.shards)
                        .withPageReads(pageReads));
        Optional<EventLogJob> job = Optional.empty();
        if (settings.fanoutThreads() > 0) {
            job = Optional.of(new EventLogJob(
                    storage.eventLog(),
                    services.log.handlers(),
                    new EventLogJob.Settings(
                            log.shards,
                            settings.fanoutThreads(),
                            log.pagesPerTurn,
                            log.pollInterval.toJavaDuration(),
                            log.idlePollInterval.toJavaDuration(),
                            log.leaseTtl.toJavaDuration(),
                            log.initialLookback.toJavaDuration(),
                            "perf-replay-" + UUID.randomUUID()),
                    clock,
                    new MetricRegistry(),
                    services.context.threads().scheduled("eventlog-poll"),
                    services.context.threads().fixed("eventlog-worker", settings.fanoutThreads()),
                    services.context.threads().cached("eventlog-release")));
            job.get().serve(services.log.log());
            job.get().start();
        }
        return new ServiceTarget(
                storage,
                services,
                pageReads,
                strategy.apply(services),
                job,
                settings,
                new Actions(users, RecentPosts.standard(), settings.maxTracked()));
    }

    /** As the service runs a page's reads: handed to an idle thread, else read on the caller's. */
    private static ExecutorService pageReads(int threads) {
        AtomicInteger n = new AtomicInteger();
        return new ThreadPoolExecutor(
                threads,
                threads,
                0,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(),
                r -> {
                    Thread thread = new Thread(r, "page-read-" + n.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                },
                new ThreadPoolExecutor.CallerRunsPolicy());
    }

    /** How this target posts and reads home timelines. */
    public FeedStrategy strategy() {
        return feed;
    }

    @Override
    public String name() {
        return "service";
    }

    @Override
    public CompletionStage<Long> execute(WorkloadEvent event) {
        return CompletableFuture.supplyAsync(
                () -> {
                    long start = System.nanoTime();
                    perform(event);
                    return start;
                },
                pool);
    }

    private void perform(WorkloadEvent event) {
        Actions.Action action = actions.resolve(event);
        long me = action.actor();
        switch (action.kind()) {
            case POST -> actions.posted(me, feed.post(me, Actions.text(event), null));
            case REPOST -> actions.posted(me, feed.post(me, "", action.subject()));
            case COMMENT ->
                services.comments.writer().create(me, action.subject(), Actions.text(event), Optional.empty());
            case LIKE -> services.likes.likes().like(me, action.subject());
            case HOME_READ -> feed.home(me, PAGE);
            case USER_READ -> services.posts.posts().byAuthor(me, action.subject(), Optional.empty(), PAGE);
            // Already following and not following are no errors: the REST contract answers both with 204.
            case FOLLOW -> services.graph.follows().follow(me, action.subject());
            case UNFOLLOW -> services.graph.follows().unfollow(me, action.subject());
        }
    }

    @Override
    public Optional<Probe> probe(WorkloadEvent event) {
        if (!settings.rawReadProbe() || event.kind() != EventKind.HOME_READ) {
            return Optional.empty();
        }
        long user = actions.actor(event);
        return Optional.of(new Probe(
                RAW_READ,
                () -> CompletableFuture.supplyAsync(
                        () -> {
                            long start = System.nanoTime();
                            storage.timelines().home(user, Optional.empty(), PAGE);
                            return start;
                        },
                        pool)));
    }

    /** The domain services the target runs, for a scenario's own calls beside the replay. */
    public Features services() {
        return services;
    }

    /** Posts and reposts created so far, up to {@code maxTracked}, for {@link FanoutDelays}. */
    public List<CreatedPost> createdPosts() {
        return actions.created();
    }

    /** Reposts, comments and likes that became posts because nothing had been posted to act on yet. */
    public long retargeted() {
        return actions.retargeted();
    }

    @Override
    public void summarize(PrintStream out) {
        actions.summarize(name(), out);
    }

    @Override
    public void close() {
        pool.shutdown();
        pageReads.shutdown();
        try {
            if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            fanoutJob.ifPresent(ServiceTarget::stop);
        }
    }

    private static void stop(EventLogJob job) {
        try {
            job.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
