package dev.widefeed.perf.scenario;

import dev.widefeed.composition.Features;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.graph.RelationLimits;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.load.PopulationLoader;
import dev.widefeed.perf.load.PostHistory;
import dev.widefeed.perf.replay.CreatedPost;
import dev.widefeed.perf.replay.FanoutDelays;
import dev.widefeed.perf.replay.OpenLoopReplayer;
import dev.widefeed.perf.replay.ServiceTarget;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.StrategiesResult;
import dev.widefeed.perf.strategy.CountingStorage;
import dev.widefeed.perf.strategy.DirectPosts;
import dev.widefeed.perf.strategy.FeedStrategy;
import dev.widefeed.perf.strategy.HybridStrategy;
import dev.widefeed.perf.strategy.ProductPage;
import dev.widefeed.perf.strategy.PullAllStrategy;
import dev.widefeed.perf.strategy.PushAllStrategy;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostDetails;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Push-all, pull-all and the service's hybrid (threshold only, and with the per-edge rule) replaying the same
 * events on the same population, each on its own copy of the population (loaded side by side under other user
 * ids), with every store call counted: store operations and rows written per event, rows read, the partitions a
 * home read touches, and the calls that made the most operations: where each hybrid sits on Feeding Frenzy's cost
 * curve. Only posting and the home read differ between strategies; likes, comments, follows and user timelines run
 * the service's own code in all four. Each copy first gets the population's post history ({@link PostHistory}),
 * delivered the strategy's way; then each strategy replays the workload's first {@code events} events uncounted
 * (inboxes fill, each reader's first-read bookkeeping is done), then the next {@code events} counted. The hybrids'
 * fan-out workers run, and the count waits for them to finish the counted posts; their time-driven polling is
 * left out.
 */
public final class StrategiesScenario {
    /** The service's hybrid with the per-edge rule off: pulled above the threshold, pushed to the active below. */
    public static final String THRESHOLD = "threshold";
    /** The service's hybrid as configured by default: the threshold and the per-edge rule. */
    public static final String HYBRID = "hybrid";

    public static final List<String> STRATEGIES = List.of("push-all", "pull-all", THRESHOLD, HYBRID);
    private static final String HOME_READ = "home_read";
    private static final String POST = "post";
    /** Apart from the other perf id workers (1000-1002), so ids never collide in a shared store. */
    private static final int STRATEGY_ID_WORKER = 1003;
    /** The calls each strategy's result lists, most operations first. */
    private static final int TOP_CALLS = 12;

    /**
     * @param rate        events per second offered
     * @param events      events replayed per strategy, after as many uncounted
     * @param deliveryWait how long to wait for the hybrid's fan-out of the replayed posts
     * @param history      the posts seeded before the replay, delivered by each strategy its own way
     */
    public record Settings(double rate, long events, Duration deliveryWait, PostHistory.Settings history) {}

    private StrategiesScenario() {}

    public static StrategiesResult run(
            Storage storage, WorkloadReader workload, Settings settings, Path runDirectory, PrintStream out)
            throws IOException, InterruptedException {
        List<StrategiesResult.StrategyCost> costs = new ArrayList<>();
        for (int i = 0; i < STRATEGIES.size(); i++) {
            String name = STRATEGIES.get(i);
            UserIds users = UserIds.forSeed(workload.seed(), 1 + i);
            out.printf("strategies: %s: loading its own copy of the population%n", name);
            PopulationLoader.load(
                    storage,
                    workload.directory(),
                    users,
                    PopulationLoader.Settings.DEFAULTS.withHistory(
                            settings.history().span()),
                    out);
            costs.add(measure(name, storage, users, workload, settings, runDirectory, out));
        }
        StrategiesResult result = new StrategiesResult(storage.backend(), settings.events(), costs);
        Results.write(runDirectory, Results.STRATEGIES, result);
        out.printf(
                "%-9s %12s %14s %14s %12s %14s %14s%n",
                "strategy",
                "ops/event",
                "rows written/ev",
                "rows read/ev",
                "read fan-in",
                "home p99 ms",
                "post p99 ms");
        for (StrategiesResult.StrategyCost c : costs) {
            out.printf(
                    "%-9s %12.1f %14.1f %14.1f %12.1f %14.1f %14.1f%n",
                    c.strategy(),
                    c.operationsPerEvent(),
                    c.rowsWrittenPerEvent(),
                    (double) c.rowsRead() / Math.max(1, c.events()),
                    c.readFanIn(),
                    c.homeRead().p99Ms(),
                    c.post().p99Ms());
        }
        return result;
    }

    private static StrategiesResult.StrategyCost measure(
            String name,
            Storage storage,
            UserIds users,
            WorkloadReader workload,
            Settings settings,
            Path runDirectory,
            PrintStream out)
            throws IOException, InterruptedException {
        CountingStorage counting = new CountingStorage(storage);
        boolean hybrid = name.equals(HYBRID) || name.equals(THRESHOLD);
        ServiceTarget.Settings target = new ServiceTarget.Settings(
                ServiceTarget.Settings.DEFAULT.threads(),
                hybrid ? 2 : 0,
                false,
                ServiceTarget.Settings.DEFAULT.maxTracked());
        ReplayResult replay;
        List<CreatedPost> posts;
        try (ServiceTarget service = ServiceTarget.open(
                        counting, users, target, rules(name), s -> counted(strategy(name, s, counting)));
                WorkloadReader.EventStream events = workload.events()) {
            long seeded = PostHistory.seed(
                    storage, workload, users, settings.history(), Instant.now(), service.strategy()::deliver, out);
            out.printf("strategies: %s: %,d posts of history delivered (not counted)%n", name, seeded);
            OpenLoopReplayer.Settings replaySettings = OpenLoopReplayer.Settings.at(
                            settings.rate(), workload.eventsPerSecond())
                    .withMaxEvents(settings.events());
            out.printf("strategies: %s: %,d events to warm up (not counted)%n", name, settings.events());
            new OpenLoopReplayer(replaySettings, out).run(storage.backend(), service, events);
            List<CreatedPost> warmupPosts = service.createdPosts();
            if (hybrid) {
                FanoutDelays.collect(
                        id -> storage.fanout().progress(id, FanoutKind.DELIVER), warmupPosts, settings.deliveryWait());
            }
            counting.reset();
            out.printf("strategies: %s: %,d events counted%n", name, settings.events());
            replay = new OpenLoopReplayer(
                            replaySettings.withHdrLog(runDirectory.resolve("hdr"), "strategies-" + name), out)
                    .run(storage.backend(), service, events);
            List<CreatedPost> all = service.createdPosts();
            posts = all.subList(warmupPosts.size(), all.size());
            if (hybrid) {
                out.printf("strategies: waiting for the fan-out of %,d posts%n", posts.size());
                FanoutDelays.collect(
                        id -> storage.fanout().progress(id, FanoutKind.DELIVER), posts, settings.deliveryWait());
            }
        }
        long operations = 0;
        long written = 0;
        long read = 0;
        for (Map.Entry<String, CountingStorage.Counts> e : counting.counts().entrySet()) {
            if (!e.getKey().equals(CountingStorage.POLLING)) {
                operations += e.getValue().operations();
                written += e.getValue().rowsWritten();
                read += e.getValue().rowsRead();
            }
        }
        CountingStorage.Counts homeReads = counting.counts().get(HOME_READ);
        ReplayResult.KindResult home = replay.byKind().get(HOME_READ);
        ReplayResult.KindResult post = replay.byKind().get(POST);
        long homeCount = home == null ? 0 : home.count();
        double fanIn = homeReads == null || homeCount == 0 ? 0 : (double) homeReads.partitionsRead() / homeCount;
        Map<String, Long> calls = counting.operationsByCall();
        out.printf("strategies: %s: where the operations went (per event; every call in strategies.json):%n", name);
        calls.entrySet().stream()
                .limit(TOP_CALLS)
                .forEach(e -> out.printf(
                        "  %-50s %8.2f%n", e.getKey(), (double) e.getValue() / Math.max(1, replay.operations())));
        return new StrategiesResult.StrategyCost(
                name,
                replay.operations(),
                operations,
                written,
                read,
                homeCount,
                fanIn,
                home == null ? LatencySummary.EMPTY : home.response(),
                post == null ? LatencySummary.EMPTY : post.response(),
                calls);
    }

    private static FeedStrategy strategy(String name, Features services, Storage storage) {
        DirectPosts posts = new DirectPosts(storage, new IdGenerator(STRATEGY_ID_WORKER), Clock.systemUTC());
        Duration ttl = new FeedFactory().rules().home().entryTtl();
        ProductPage shown = new ProductPage(services.posts.posts(), services.audience.facts());
        return switch (name) {
            case "push-all" -> new PushAllStrategy(storage, posts, shown, ttl);
            case "pull-all" -> new PullAllStrategy(storage, posts, shown, RelationLimits.DEFAULT.maxFollowing());
            case THRESHOLD, HYBRID -> new HybridStrategy(services, name);
            default -> throw new IllegalArgumentException("no strategy " + name);
        };
    }

    /** The service's default feed rules; for {@link #THRESHOLD}, with the per-edge rule off. */
    private static FeedRules rules(String name) {
        FeedRules defaults = new FeedFactory().rules();
        if (!name.equals(THRESHOLD)) {
            return defaults;
        }
        PullRules p = defaults.pull();
        return new FeedRules(
                defaults.fanout(),
                defaults.home(),
                defaults.pageSize(),
                new PullRules(
                        p.pullAbove(),
                        p.cachedPerAuthor(),
                        p.cacheRefresh(),
                        p.cachedAuthors(),
                        false,
                        p.pushCost(),
                        p.pullCost(),
                        p.rateHalfLife()));
    }

    /** The strategy with its store calls counted under the event kind they serve. */
    private static FeedStrategy counted(FeedStrategy strategy) {
        return new FeedStrategy() {
            @Override
            public String name() {
                return strategy.name();
            }

            @Override
            public long post(long author, String content, Long sourceId) {
                return CountingStorage.during(POST, () -> strategy.post(author, content, sourceId));
            }

            @Override
            public void deliver(Post post) {
                strategy.deliver(post);
            }

            @Override
            public List<PostDetails> home(long user, int limit) {
                return CountingStorage.during(HOME_READ, () -> strategy.home(user, limit));
            }
        };
    }
}
