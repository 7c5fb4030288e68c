package dev.widefeed.perf;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import dev.widefeed.backends.StorageFactory;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.feed.timeline.FanoutKind;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.load.LoadSummary;
import dev.widefeed.perf.load.PopulationLoader;
import dev.widefeed.perf.load.PostHistory;
import dev.widefeed.perf.replay.FanoutDelays;
import dev.widefeed.perf.replay.HttpTarget;
import dev.widefeed.perf.replay.OpenLoopReplayer;
import dev.widefeed.perf.replay.ReplayTarget;
import dev.widefeed.perf.replay.ServiceTarget;
import dev.widefeed.perf.report.CapacityPlan;
import dev.widefeed.perf.report.Report;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.RunManifest;
import dev.widefeed.perf.scenario.CeilingScenario;
import dev.widefeed.perf.scenario.CelebrityScenario;
import dev.widefeed.perf.scenario.CostScenario;
import dev.widefeed.perf.scenario.SteadyScenario;
import dev.widefeed.perf.scenario.StoreRequests;
import dev.widefeed.perf.scenario.StrategiesScenario;
import dev.widefeed.perf.scenario.VisibilityScenario;
import dev.widefeed.perf.strategy.CountingStorage;
import dev.widefeed.perf.strategy.HybridStrategy;
import dev.widefeed.perf.workload.ProfileCalibration;
import dev.widefeed.perf.workload.ProfileComparison;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.perf.workload.WorkloadSpec;
import dev.widefeed.perf.workload.WorkloadWriter;
import dev.widefeed.store.Storage;
import dev.widefeed.store.cassandra.setup.CqlStatementCounts;
import dev.widefeed.store.hbase.setup.CountedRpcClient;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import net.sourceforge.argparse4j.inf.Namespace;

/** What each command of {@link PerfMain} does with its parsed options; returns the exit status. */
final class Commands {
    private static final Duration FANOUT_WAIT = Duration.ofMinutes(2);
    /** The id worker of the services {@code load} delivers history with (they create no posts themselves). */
    private static final int LOAD_ID_WORKER = 1001;

    private final Namespace options;
    private final PrintStream out = System.out;
    /** The store client's metrics: what {@code cost} reads the client's request count from. */
    private final MetricRegistry storeMetrics = new MetricRegistry();

    Commands(Namespace options) {
        this.options = options;
    }

    int run() throws Exception {
        String command = options.getString("command");
        switch (command) {
            case "generate" -> generate();
            case "report" -> report();
            default -> {
                try (Storage storage = PerfStorage.open(
                        StorageFactory.Backend.valueOf(options.getString("backend")),
                        Path.of(options.getString("data")),
                        options.getString("external"),
                        options.getString("keyspace"),
                        storeMetrics)) {
                    onStore(command, storage);
                }
            }
        }
        return 0;
    }

    private void onStore(String command, Storage storage) throws Exception {
        switch (command) {
            case "load" -> load(storage);
            case "replay" -> replay(storage);
            case "ceiling" -> {
                manifest(storage, null);
                CeilingScenario.run(
                        storage,
                        new CeilingScenario.Settings(
                                options.getInt("threads"),
                                Duration.ofSeconds(options.getInt("warmup")),
                                Duration.ofSeconds(options.getInt("seconds"))),
                        runDirectory(),
                        out);
            }
            case "steady" -> steady(storage);
            case "celebrity" -> celebrity(storage);
            case "strategies" -> {
                WorkloadReader workload = workload();
                manifest(storage, workload);
                PostHistory.Settings history = new PostHistory.Settings(
                        Duration.ofHours(options.getInt("history_hours")),
                        PostHistory.Settings.DEFAULTS.maxPerAuthor(),
                        PostHistory.Settings.DEFAULTS.threads());
                StrategiesScenario.run(
                        storage,
                        workload,
                        new StrategiesScenario.Settings(
                                options.getDouble("rate"), options.getLong("events"), FANOUT_WAIT, history),
                        runDirectory(),
                        out);
            }
            case "visibility" -> {
                manifest(storage, null);
                VisibilityScenario.run(
                        storage,
                        new VisibilityScenario.Settings(
                                options.getInt("authors"),
                                options.getInt("readers"),
                                options.getInt("following"),
                                options.getInt("posts"),
                                options.getInt("threads"),
                                options.getInt("warmup"),
                                options.getInt("seconds")),
                        runDirectory(),
                        out);
            }
            case "content" ->
                ContentThroughput.run(
                        storage,
                        options.getInt("threads"),
                        Duration.ofSeconds(options.getInt("warmup")),
                        Duration.ofSeconds(options.getInt("seconds")),
                        options.getInt("posts"),
                        out);
            case "fanout" -> {
                manifest(storage, null);
                FanoutThroughput.run(
                        storage,
                        options.getInt("followers"),
                        options.getDouble("active"),
                        options.getInt("threads"),
                        options.getInt("page_size"),
                        runDirectory(),
                        out);
            }
            case "notifications" -> {
                manifest(storage, null);
                NotificationThroughput.run(
                        storage, options.getInt("likes"), options.getInt("threads"), runDirectory(), out);
            }
            case "cost" -> {
                manifest(storage, null);
                CostScenario.run(
                        storage,
                        clientRequests(storage),
                        new CostScenario.Settings(
                                options.getInt("authors"),
                                options.getInt("posts"),
                                options.getInt("readers"),
                                options.getInt("following"),
                                options.getInt("actions"),
                                options.getInt("idle_seconds"),
                                options.getInt("clients")),
                        runDirectory(),
                        out);
            }
            case "signin" -> {
                manifest(storage, null);
                SignInTiming.run(
                        storage, options.getInt("rounds"), options.getInt("warmup_rounds"), runDirectory(), out);
            }
            default -> throw new IllegalStateException(command);
        }
    }

    /** Requests the store client has sent so far: the driver's CQL requests, or HBase's RPCs. */
    private StoreRequests clientRequests(Storage storage) {
        if (storage.backend().equals("hbase")) {
            return new StoreRequests(CountedRpcClient::total, CountedRpcClient::byMethodAndTable);
        }
        return new StoreRequests(
                () -> Optional.ofNullable(storeMetrics.getTimers().get("cassandra.cql-requests"))
                        .map(Timer::getCount)
                        .orElse(0L),
                CqlStatementCounts::byStatement);
    }

    /**
     * The population, then its post history delivered by the service's own fan-out (in this thread, as a worker
     * would), so a replay starts from a steady state: full home pages, authors' rates measurable.
     */
    private void load(Storage storage) throws IOException, InterruptedException {
        WorkloadReader workload = workload();
        UserIds ids = UserIds.forSeed(workload.seed());
        Duration span = Duration.ofHours(options.getInt("history_hours"));
        LoadSummary summary = PopulationLoader.load(
                storage, workload.directory(), ids, PopulationLoader.Settings.DEFAULTS.withHistory(span), System.err);
        out.println(summary.line());
        if (!span.isZero()) {
            Features services =
                    new Features(storage, InstanceSettings.of(new IdGenerator(LOAD_ID_WORKER), Clock.systemUTC()));
            long seeded = PostHistory.seed(
                    storage,
                    workload,
                    ids,
                    new PostHistory.Settings(
                            span,
                            PostHistory.Settings.DEFAULTS.maxPerAuthor(),
                            PostHistory.Settings.DEFAULTS.threads()),
                    Instant.now(),
                    new HybridStrategy(services)::deliver,
                    System.err);
            out.printf(
                    "history: %,d posts of the last %d h, delivered by the service's fan-out%n",
                    seeded, span.toHours());
        }
    }

    private void replay(Storage storage) throws Exception {
        WorkloadReader workload = workload();
        manifest(storage, workload);
        OpenLoopReplayer.Settings settings = OpenLoopReplayer.Settings.at(
                        options.getDouble("rate"), workload.eventsPerSecond())
                .withMaxDuration(Duration.ofSeconds(options.getInt("seconds")))
                .withHdrLog(runDirectory().resolve("hdr"), "replay");
        try (ReplayTarget target = target(storage, workload, options.getBoolean("raw_read_probe"));
                WorkloadReader.EventStream events = workload.events()) {
            ReplayResult result = new OpenLoopReplayer(settings, out).run(storage.backend(), target, events);
            if (target instanceof ServiceTarget service) {
                result = FanoutDelays.into(
                        result,
                        FanoutDelays.collect(
                                id -> storage.fanout().progress(id, FanoutKind.DELIVER),
                                lastOf(service.createdPosts(), 100),
                                FANOUT_WAIT));
            }
            Results.write(runDirectory(), "replay.json", result);
        }
    }

    private void steady(Storage storage) throws Exception {
        WorkloadReader workload = workload();
        manifest(storage, workload);
        List<Double> rates = new ArrayList<>();
        for (String rate : options.getString("rates").split(",")) {
            rates.add(Double.parseDouble(rate.trim()));
        }
        // In process, the store's operations are counted, so the report can plan nodes by them.
        CountingStorage counting = new CountingStorage(storage);
        boolean overHttp = options.getString("target").equals("http");
        try (ReplayTarget target = target(overHttp ? storage : counting, workload, true)) {
            SteadyScenario.run(
                    storage.backend(),
                    target,
                    workload,
                    new SteadyScenario.Settings(
                            Duration.ofSeconds(options.getInt("warmup")),
                            rates,
                            Duration.ofSeconds(options.getInt("seconds_per_rate")),
                            Duration.ofSeconds(5),
                            options.getDouble("slo_p99_ms")),
                    overHttp ? Optional.empty() : Optional.of(() -> operations(counting)),
                    runDirectory(),
                    out);
        }
    }

    /** Every operation counted so far but the event log's polling (as strategies and cost count them). */
    private static long operations(CountingStorage counting) {
        return counting.counts().entrySet().stream()
                .filter(e -> !e.getKey().equals(CountingStorage.POLLING))
                .mapToLong(e -> e.getValue().operations())
                .sum();
    }

    private void celebrity(Storage storage) throws Exception {
        WorkloadReader workload = workload();
        manifest(storage, workload);
        CeilingScenario.Settings ceiling =
                new CeilingScenario.Settings(32, Duration.ofSeconds(5), Duration.ofSeconds(15));
        CelebrityScenario.run(
                storage,
                workload,
                () -> CeilingScenario.pipelinedInsert(storage, ceiling).opsPerSecond(),
                new CelebrityScenario.Settings(
                        options.getDouble("background_rate"),
                        Duration.ofSeconds(options.getInt("before")),
                        Duration.ofSeconds(options.getInt("during")),
                        Duration.ofSeconds(options.getInt("delivery_wait"))),
                runDirectory(),
                out);
    }

    private ReplayTarget target(Storage storage, WorkloadReader workload, boolean rawReadProbe) {
        UserIds users = UserIds.forSeed(workload.seed());
        if (options.getString("target").equals("http")) {
            String secret = options.getString("token_secret");
            if (secret == null || secret.isBlank()) {
                throw new IllegalArgumentException("--target http needs --token-secret (the service's "
                        + "auth.tokenSecret) to act as the workload's users");
            }
            return HttpTarget.open(URI.create(options.getString("service_url")), users, secret, 1_000_000);
        }
        ServiceTarget.Settings settings = ServiceTarget.Settings.DEFAULT;
        return ServiceTarget.open(storage, users, rawReadProbe ? settings.withRawReadProbe() : settings);
    }

    private void generate() throws IOException {
        if (options.getString("profile") != null) {
            generateFromProfile(Path.of(options.getString("profile")));
            return;
        }
        List<Integer> celebrities = new ArrayList<>();
        String list = option("celebrities", "10000,100000,1000000").trim();
        if (!list.isEmpty() && !list.equals("none")) {
            for (String part : list.split(",")) {
                celebrities.add(Integer.parseInt(part.trim()));
            }
        }
        WorkloadSpec spec = new WorkloadSpec(
                option("users", 100_000),
                option("zipf_exponent", 2.1),
                option("mean_followers", 50.0),
                celebrities,
                options.getLong("seed"),
                WorkloadSpec.Preset.fromLabel(options.getString("preset")),
                options.getLong("events"),
                option("rate", 1000.0),
                option("dormant", 0.5));
        long started = System.nanoTime();
        written(WorkloadWriter.write(spec, Path.of(options.getString("out")), System.err), started);
    }

    /** {@code generate --profile}: the population and rates from the profile, then how the result compares. */
    private void generateFromProfile(Path file) throws IOException {
        List<String> conflicting = new ArrayList<>();
        for (String name : List.of("zipf_exponent", "mean_followers", "celebrities", "dormant", "rate")) {
            if (options.get(name) != null) {
                conflicting.add("--" + name.replace('_', '-'));
            }
        }
        if (!conflicting.isEmpty()) {
            throw new IllegalArgumentException("--profile sets the population and the event rate itself; drop "
                    + String.join(", ", conflicting) + " (with --profile only --users, --seed, --preset and --events "
                    + "apply)");
        }
        ProfileCalibration calibration = ProfileCalibration.read(
                file,
                options.get("users"),
                options.getLong("seed"),
                WorkloadSpec.Preset.fromLabel(options.getString("preset")),
                options.getLong("events"));
        WorkloadSpec spec = calibration.spec();
        long celebrityEdges =
                spec.celebrities().stream().mapToLong(Integer::longValue).sum();
        if (celebrityEdges > spec.meanFollowers() * spec.users()) {
            out.printf(
                    "warning: the celebrities alone have %,d followers, more than the profile's mean gives %,d "
                            + "users in all; the others get none and the mean comes out high%n",
                    celebrityEdges, spec.users());
        }
        long started = System.nanoTime();
        Path directory = Path.of(options.getString("out"));
        written(WorkloadWriter.write(spec, directory, System.err, calibration.manifest()), started);
        ProfileComparison comparison = ProfileComparison.of(calibration.profile(), WorkloadReader.open(directory));
        comparison.lines(calibration).forEach(out::println);
        for (String inconsistency : calibration.profile().inconsistencies()) {
            out.println("warning: the profile's summary disagrees with its histogram: " + inconsistency);
        }
    }

    private void written(WorkloadWriter.Summary summary, long started) {
        out.printf(
                "wrote %s: %,d users, %,d follows, %,d events over %.1f s of workload time "
                        + "(max following %,d); celebrities %s%s; %.1f s%n",
                summary.directory(),
                summary.users(),
                summary.follows(),
                summary.events(),
                summary.lastOffsetMillis() / 1000.0,
                summary.maxFollowing(),
                abbreviated(summary.celebrities()),
                summary.skippedCelebrities().isEmpty()
                        ? ""
                        : ", skipped (too few users) " + summary.skippedCelebrities(),
                (System.nanoTime() - started) / 1e9);
    }

    /** A list as printed, its middle left out past 10 entries (a profile may list thousands of celebrities). */
    private static String abbreviated(List<Integer> list) {
        if (list.size() <= 10) {
            return list.toString();
        }
        return list.subList(0, 5).toString().replace("]", "") + ", ... (" + (list.size() - 8) + " more), "
                + list.subList(list.size() - 3, list.size()).toString().replace("[", "");
    }

    /** A generate option without a parser default (see PerfMain), or its default. */
    private <T> T option(String name, T otherwise) {
        T value = options.get(name);
        return value == null ? otherwise : value;
    }

    private void report() throws IOException {
        Path run = Path.of(options.getString("run"));
        Long users = options.get("users");
        Double rate = options.get("events_per_second");
        CapacityPlan.Assumptions assumptions = CapacityPlan.Assumptions.DEFAULT;
        if (users != null || rate != null) {
            assumptions =
                    new CapacityPlan.Assumptions(rate, users, assumptions.headroom(), assumptions.replicationFactor());
        }
        out.println("wrote " + Report.render(run, assumptions, out));
    }

    private WorkloadReader workload() throws IOException {
        return WorkloadReader.open(Path.of(options.getString("workload")));
    }

    private Path runDirectory() {
        return Path.of(options.getString("out"));
    }

    /** The run directory's manifest: this command added to those already run into it. */
    private void manifest(Storage storage, WorkloadReader workload) throws IOException {
        var previous = Results.read(runDirectory(), Results.MANIFEST, RunManifest.class);
        Map<String, String> settings =
                new TreeMap<>(previous.map(RunManifest::settings).orElse(Map.of()));
        options.getAttrs()
                .forEach((k, v) -> settings.put(
                        options.getString("command") + "." + k,
                        k.contains("secret") ? (v == null ? "null" : "(set, not recorded)") : String.valueOf(v)));
        String command = previous.map(p -> p.command() + "; ").orElse("") + "perf " + options.getString("command");
        // The first workload run into the directory is the one the report plans capacity for (steady, celebrity);
        // a later one (strategies' smaller population) is named in the settings only.
        Object workloadManifest =
                previous.map(RunManifest::workload).orElse(workload == null ? null : workload.manifest());
        Results.write(
                runDirectory(),
                Results.MANIFEST,
                RunManifest.here(
                        command,
                        storage.backend(),
                        options.getAttrs().containsKey("target") ? options.getString("target") : "store",
                        settings,
                        workloadManifest));
    }

    private static <T> List<T> lastOf(List<T> list, int n) {
        return list.subList(Math.max(0, list.size() - n), list.size());
    }
}
