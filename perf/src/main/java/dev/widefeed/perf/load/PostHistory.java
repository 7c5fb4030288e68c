package dev.widefeed.perf.load;

import dev.widefeed.audience.Audience;
import dev.widefeed.graph.UserCounts;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.workload.UserIds;
import dev.widefeed.perf.workload.WorkloadReader;
import dev.widefeed.post.Post;
import dev.widefeed.post.PostType;
import dev.widefeed.store.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The posts a population made before the replay, at each author's own rate in the workload: what a steady
 * state has and an empty one lacks (full home pages, and the newest posts the per-edge rule measures an
 * author's rate from). An author with p posts a day gets their posts of the last {@code span}, at most
 * {@code maxPerAuthor} of them, evenly 1/p apart, the newest at a seeded fraction of that gap before the
 * load. Each post is written as the service writes a post (the post, its author's list, the author's count)
 * and then delivered as the strategy under test delivers one.
 */
public final class PostHistory {
    /**
     * Apart from the other perf id workers (1000-1004), so ids never collide in a shared store: its ids are made
     * at past times, where an earlier run's ids of another worker may be.
     */
    private static final int HISTORY_ID_WORKER = 1005;
    /** Mixed into the workload's seed: the history's phases are their own stream. */
    private static final long HISTORY_SEED = 0x4857_5354L;

    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();

    /**
     * @param span         how far back each author's posts go; zero for none
     * @param maxPerAuthor an author's newest posts at most
     * @param threads      posts written and delivered at once
     */
    public record Settings(Duration span, int maxPerAuthor, int threads) {
        public static final Settings DEFAULTS = new Settings(Duration.ofDays(1), 20, 32);

        public Settings {
            if (span.isNegative() || maxPerAuthor < 0 || threads < 1) {
                throw new IllegalArgumentException("history needs a non-negative span and cap, and a thread");
            }
        }
    }

    private PostHistory() {}

    /** When the history of a load at {@code now} begins: nothing of the population is older. */
    public static Instant start(Instant now, Settings settings) {
        return now.minus(settings.span());
    }

    /**
     * Writes the history of the population {@code ids} names, up to {@code now}, and hands each post to
     * {@code deliver}, taken up oldest first by {@code settings.threads()} threads.
     *
     * @return the posts written
     */
    public static long seed(
            Storage storage,
            WorkloadReader workload,
            UserIds ids,
            Settings settings,
            Instant now,
            Consumer<Post> deliver,
            PrintStream progress)
            throws IOException, InterruptedException {
        List<Planned> planned = plan(workload, settings, now);
        planned.sort(Comparator.comparing(Planned::at));
        MovableClock clock = new MovableClock();
        IdGenerator generator = new IdGenerator(HISTORY_ID_WORKER, clock);
        List<Post> posts = new ArrayList<>(planned.size());
        for (Planned p : planned) {
            clock.at = p.at();
            posts.add(new Post(
                    generator.next(),
                    ids.id(p.author()),
                    PostType.ORIGINAL,
                    "an earlier post",
                    p.at(),
                    Audience.PUBLIC,
                    Optional.empty()));
        }
        try (Progress written = new Progress(progress, "history posts", posts.size())) {
            Parallel.forEach(posts.size(), settings.threads(), i -> {
                storage.posts().create(posts.get(i));
                written.add(1);
            });
        }
        int[] perAuthor = new int[workload.users()];
        planned.forEach(p -> perAuthor[p.author()]++);
        try (Progress counted = new Progress(progress, "history counts", workload.users())) {
            Parallel.forEach(perAuthor.length, settings.threads(), u -> {
                if (perAuthor[u] > 0) {
                    storage.users().addCounts(ids.id(u), new UserCounts(perAuthor[u], 0, 0));
                }
                counted.add(1);
            });
        }
        try (Progress delivered = new Progress(progress, "history delivered", posts.size())) {
            Parallel.forEach(posts.size(), settings.threads(), i -> {
                deliver.accept(posts.get(i));
                delivered.add(1);
            });
        }
        return posts.size();
    }

    /** A post of workload user {@code author} at {@code at}. */
    record Planned(int author, Instant at) {}

    /** Each author's posts, unordered. */
    static List<Planned> plan(WorkloadReader workload, Settings settings, Instant now) throws IOException {
        SplittableRandom rng = new SplittableRandom(workload.seed() ^ HISTORY_SEED);
        double spanDays = settings.span().toMillis() / (double) DAY_MILLIS;
        Instant start = start(now, settings);
        List<Planned> planned = new ArrayList<>();
        workload.users((user, followers, readsPerDay, postsPerDay) -> {
            double phase = rng.nextDouble();
            long count = Math.min(settings.maxPerAuthor(), Math.round(postsPerDay * spanDays));
            if (count > 0) {
                double gapMillis = DAY_MILLIS / postsPerDay;
                for (long i = 0; i < count; i++) {
                    Instant at =
                            now.minusMillis((long) ((i + phase) * gapMillis)).truncatedTo(ChronoUnit.MILLIS);
                    if (at.isBefore(start)) {
                        break;
                    }
                    planned.add(new Planned(user, at));
                }
            }
        });
        return planned;
    }

    /** The history's ids are made at their posts' times, in time order. */
    private static final class MovableClock extends Clock {
        private Instant at = Instant.EPOCH;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            return at;
        }
    }
}
