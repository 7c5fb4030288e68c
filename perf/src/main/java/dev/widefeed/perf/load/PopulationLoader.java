package dev.widefeed.perf.load;

import dev.widefeed.feed.timeline.AuthorDelivery;
import dev.widefeed.feed.timeline.DecayedRate;
import dev.widefeed.feed.timeline.HomeRead;
import dev.widefeed.feed.timeline.HomeState;
import dev.widefeed.feed.timeline.PullRules;
import dev.widefeed.graph.Follow;
import dev.widefeed.graph.FollowCursor;
import dev.widefeed.graph.Handle;
import dev.widefeed.graph.User;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

/**
 * Bulk-loads a workload written by {@code perf generate} into a store, in phases that each show a progress
 * line: users; the store's current counts of those users; follow edges (bulk imports, which also add
 * the counts); count corrections; authors past the pull threshold switched to pull; the home states of
 * recently active users ({@link Activity}); and
 * their activity shared onto the edges they follow by, which needs every one of those edges in place.
 *
 * <p>Loading the same workload again is safe: users and edges are written with fixed times and versions,
 * so rewriting one changes nothing; edges already counted are skipped ({@link EdgeLoader}); counts are
 * brought to the workload's, which also repairs an interrupted load. Only the activity moves: last reads
 * are set relative to the load, so the fan-out tiers see the workload's activity whenever it was loaded.
 * The store should hold nothing else for these users (a replay's follows would be counted away).
 */
public final class PopulationLoader {
    /** Every workload user's creation time: fixed, so a reload writes the same rows. */
    static final Instant CREATED_AT = Instant.parse("2023-01-01T00:00:00Z");

    private static final int STATES_PER_IMPORT = 10_000;
    private static final int PULL_PAGE = 5_000;

    /**
     * @param threads            single-row calls in flight (users, counts, activity)
     * @param edgeChunk          edges per bulk import
     * @param edgeChunksInFlight bulk imports at once (each runs many writes in flight itself)
     * @param history            how far back the posts seeded after the load go ({@link PostHistory}); zero
     *                           when the population has no posts before the replay
     */
    public record Settings(int threads, int edgeChunk, int edgeChunksInFlight, Duration history) {
        public static final Settings DEFAULTS = new Settings(32, 10_000, 4, Duration.ZERO);

        public Settings {
            if (threads < 1 || edgeChunk < 1 || edgeChunksInFlight < 1 || history.isNegative()) {
                throw new IllegalArgumentException(
                        "threads, edge chunk and chunks in flight must be at least 1, history not negative");
            }
        }

        public Settings withHistory(Duration span) {
            return new Settings(threads, edgeChunk, edgeChunksInFlight, span);
        }
    }

    private final Storage storage;
    private final UserIds ids;
    private final Settings settings;
    private final PrintStream progress;
    private final List<LoadSummary.Phase> phases = new ArrayList<>();

    private PopulationLoader(Storage storage, UserIds ids, Settings settings, PrintStream progress) {
        this.storage = storage;
        this.ids = ids;
        this.settings = settings;
        this.progress = progress;
    }

    /** Loads the workload in {@code workloadDir} under its own user ids, with {@link Settings#DEFAULTS}. */
    public static LoadSummary load(Storage storage, Path workloadDir, PrintStream progress)
            throws IOException, InterruptedException {
        WorkloadReader workload = WorkloadReader.open(workloadDir);
        return new PopulationLoader(storage, UserIds.forSeed(workload.seed()), Settings.DEFAULTS, progress)
                .run(workload);
    }

    /**
     * Loads the workload in {@code workloadDir} as the users {@code ids} names: its own ids, or those of a copy
     * loaded beside it.
     *
     * @param progress where the progress lines go (stderr, say); null for none
     */
    public static LoadSummary load(
            Storage storage, Path workloadDir, UserIds ids, Settings settings, PrintStream progress)
            throws IOException, InterruptedException {
        return new PopulationLoader(storage, ids, settings, progress).run(WorkloadReader.open(workloadDir));
    }

    private LoadSummary run(WorkloadReader workload) throws IOException, InterruptedException {
        long started = System.nanoTime();
        int n = workload.users();
        int[] followers = new int[n];
        double[] readsPerDay = new double[n];
        workload.users((user, followerCount, reads, posts) -> {
            followers[user] = followerCount;
            readsPerDay[user] = reads;
        });

        try (Progress users = new Progress(progress, "users", n)) {
            Parallel.forEach(n, settings.threads(), u -> {
                // Claimed first, as a sign-up does, so the replay's @mentions of "user<index>" name this user.
                Handle handle = UserIds.handleOf(u);
                storage.users().claimHandle(handle, ids.id(u));
                storage.users().create(new User(ids.id(u), Optional.of(handle), "u" + u, CREATED_AT));
                users.add(1);
            });
            record(users);
        }

        KnownCounts counts = new KnownCounts(n);
        try (Progress read = new Progress(progress, "counts read", n)) {
            Parallel.forEach(n, settings.threads(), u -> {
                counts.set(u, storage.users().counts(ids.id(u)));
                read.add(1);
            });
            record(read);
        }

        long missing = 0;
        for (int u = 0; u < n; u++) {
            missing += Math.max(0, followers[u] - counts.followers(u));
        }
        int[] following;
        long imported;
        try (Progress edges = new Progress(progress, "edges", missing)) {
            following = new EdgeLoader(
                            ids, settings.edgeChunk(), settings.edgeChunksInFlight(), storage.relations()::importEdges)
                    .load(workload, followers, counts, edges);
            imported = edges.done();
            record(edges);
        }

        int[] wrong = wrongCounts(followers, following, counts);
        try (Progress corrected = new Progress(progress, "counts corrected", wrong.length)) {
            Parallel.forEach(wrong.length, settings.threads(), i -> {
                int u = wrong[i];
                storage.users()
                        .addCounts(
                                ids.id(u),
                                new UserCounts(
                                        0, followers[u] - counts.followers(u), following[u] - counts.following(u)));
                corrected.add(1);
            });
            record(corrected);
        }

        pullBigAuthors(followers);

        Activity activity = new Activity(workload.seed());
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant[] lastRead = new Instant[n]; // null: not recently active
        int active = 0;
        for (int u = 0; u < n; u++) {
            Optional<Duration> ago = activity.lastReadAgo(u, readsPerDay[u]);
            if (ago.isPresent()) {
                lastRead[u] = now.minus(ago.get());
                active++;
            }
        }
        saveStates(lastRead, readsPerDay, active, now.minus(settings.history()));
        shareActivity(lastRead, readsPerDay, following);

        return new LoadSummary(
                n, workload.follows(), imported, active, wrong.length, (System.nanoTime() - started) / 1e9, phases);
    }

    /**
     * Authors with more followers than the pull threshold as the switch to pull leaves them: every follower
     * pulls them, and then their delivery is {@code PULLED} (the order the switch writes in). A steady state
     * has had the switch long ago; without this, the replay's first post of each would start it.
     */
    private void pullBigAuthors(int[] followers) {
        int[] big = IntStream.range(0, followers.length)
                .filter(u -> followers[u] > PullRules.DEFAULT.pullAbove())
                .toArray();
        long entries = 0;
        for (int u : big) {
            entries += followers[u];
        }
        try (Progress pulled = new Progress(progress, "pulled authors", entries)) {
            for (int u : big) {
                long author = ids.id(u);
                Optional<FollowCursor> after = Optional.empty();
                while (true) {
                    List<Follow> page = storage.relations().followers(author, after, PULL_PAGE);
                    storage.timelines()
                            .pull(
                                    author,
                                    HomeRead.ALL_POSTS,
                                    page.stream().map(Follow::userId).toList());
                    pulled.add(page.size());
                    if (page.size() < PULL_PAGE) {
                        break;
                    }
                    after = Optional.of(FollowCursor.after(page.get(page.size() - 1)));
                }
                Instant now = Instant.now();
                storage.fanout()
                        .saveDelivery(new AuthorDelivery(
                                author, AuthorDelivery.Mode.PULLED, IdGenerator.lowestAt(now), Optional.empty(), now));
            }
            record(pulled);
        }
    }

    /** Users whose known counts are not the workload's. */
    private static int[] wrongCounts(int[] followers, int[] following, KnownCounts counts) {
        return IntStream.range(0, followers.length)
                .filter(u -> counts.followers(u) != followers[u] || counts.following(u) != following[u])
                .toArray();
    }

    /**
     * As the read path leaves it after a read: inbox complete, trimmed and activity shared at the read,
     * the reader's reads counted at their workload rate, and their followees' history known to begin
     * no earlier than the read or the seeded history, whichever is earlier.
     */
    private void saveStates(Instant[] lastRead, double[] readsPerDay, int active, Instant historyStart) {
        try (Progress saved = new Progress(progress, "home states", active)) {
            Map<Long, HomeState> batch = new HashMap<>();
            for (int u = 0; u < lastRead.length; u++) {
                if (lastRead[u] != null) {
                    Instant historyFrom = lastRead[u].isBefore(historyStart) ? lastRead[u] : historyStart;
                    batch.put(
                            ids.id(u),
                            new HomeState(
                                    lastRead[u],
                                    0,
                                    lastRead[u],
                                    lastRead[u],
                                    IdGenerator.lowestAt(historyFrom),
                                    DecayedRate.ofRate(readsPerDay[u], lastRead[u], PullRules.DEFAULT.rateHalfLife())));
                }
                if (batch.size() == STATES_PER_IMPORT || (u == lastRead.length - 1 && !batch.isEmpty())) {
                    storage.timelines().importStates(batch);
                    saved.add(batch.size());
                    batch.clear();
                }
            }
            record(saved);
        }
    }

    /**
     * Each active reader's last read and reads a day onto the edges they follow by, where fan-out reads
     * them; counted in edges.
     */
    private void shareActivity(Instant[] lastRead, double[] readsPerDay, int[] following) throws InterruptedException {
        int[] sharers = IntStream.range(0, lastRead.length)
                .filter(u -> lastRead[u] != null && following[u] > 0)
                .toArray();
        long edges = 0;
        for (int u : sharers) {
            edges += following[u];
        }
        try (Progress shared = new Progress(progress, "activity shared", edges)) {
            Parallel.forEach(sharers.length, settings.threads(), i -> {
                int u = sharers[i];
                storage.relations().shareActivity(ids.id(u), lastRead[u], OptionalDouble.of(readsPerDay[u]));
                shared.add(following[u]);
            });
            record(shared);
        }
    }

    private void record(Progress phase) {
        phases.add(new LoadSummary.Phase(phase.phase(), phase.done(), phase.seconds()));
    }
}
