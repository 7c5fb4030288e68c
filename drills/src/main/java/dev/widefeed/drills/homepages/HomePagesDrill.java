package dev.widefeed.drills.homepages;

import dev.widefeed.drills.harness.AdminGauges;
import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Population;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.restclient.Reply;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * How many home pages a second the service serves to {@value #CONNECTIONS} clients that each ask for the next page
 * as soon as the last one came (closed loop, as {@code wrk} drives a server): the figure the cache tier is measured
 * by. Every user follows {@value #FOLLOWING} others, each of whom has posted {@value #POSTS} times, so every inbox
 * holds a full page; then the pages of random users are read, warmed up first, then measured. Not a fault drill: a
 * benchmark of the service as the README starts it, which runs the same against another build's jar
 * ({@code --service-jar}, with its own {@code --config}) so two builds compare in one run on one machine.
 */
public final class HomePagesDrill implements Drill {
    static final int CONNECTIONS = 16;
    static final int FOLLOWING = 40;
    static final int POSTS = 15;

    @Override
    public String name() {
        return "home-pages";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        PrintStream out = System.out;
        try (DrillSession session = DrillSession.start(layout, settings.users(), "pages")) {
            Api api = session.api;
            List<Population.User> users = session.population.users();
            Figures figures = new Figures(name() + " (" + layout.backend() + ")");
            out.printf(
                    "home-pages: %d users, each following %d and posting %d times%n",
                    users.size(), Math.min(FOLLOWING, users.size() - 1), POSTS);
            followSome(api, users);
            postAll(api, users);
            new AdminGauges(api).awaitNoBacklog(Duration.ofMinutes(5));
            int warm = settings.warmSeconds();
            int measure = Math.max(10, settings.afterSeconds() * 2);
            read(api, users, Duration.ofSeconds(warm)); // caches and JIT warmed; not recorded
            Result result = read(api, users, Duration.ofSeconds(measure));
            Histogram h = result.latencyMicros();
            out.printf(
                    "home-pages: %,.0f pages/s over %d s, p50 %.1f ms, p99 %.1f ms, %d failed%n",
                    result.perSecond(),
                    measure,
                    h.getValueAtPercentile(50) / 1000.0,
                    h.getValueAtPercentile(99) / 1000.0,
                    result.failed());
            figures.noted("connections", String.valueOf(CONNECTIONS));
            figures.noted("measured", measure + " s after " + warm + " s of warm-up");
            figures.atLeast("home pages/s", result.perSecond(), 1, "");
            figures.noted("p50 (ms)", String.format("%.1f", h.getValueAtPercentile(50) / 1000.0));
            figures.noted("p99 (ms)", String.format("%.1f", h.getValueAtPercentile(99) / 1000.0));
            figures.atMost("failed pages", result.failed(), 0, "");
            return figures;
        }
    }

    private record Result(long pages, long failed, double seconds, Histogram latencyMicros) {
        double perSecond() {
            return pages / seconds;
        }
    }

    /** {@value #CONNECTIONS} clients reading random users' first pages for {@code length}. */
    private static Result read(Api api, List<Population.User> users, Duration length) throws Exception {
        Recorder recorder = new Recorder(3);
        AtomicLong pages = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long end = System.nanoTime() + length.toNanos();
        ExecutorService clients = Executors.newFixedThreadPool(CONNECTIONS);
        long started = System.nanoTime();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < CONNECTIONS; c++) {
                running.add(clients.submit(() -> {
                    while (System.nanoTime() < end) {
                        Population.User user =
                                users.get(ThreadLocalRandom.current().nextInt(users.size()));
                        Reply reply = api.home(user.token(), user.id());
                        if (reply.status() == 200) {
                            pages.incrementAndGet();
                            recorder.recordValue(Math.max(1, reply.micros()));
                        } else {
                            failed.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } finally {
            clients.shutdownNow();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return new Result(pages.get(), failed.get(), seconds, recorder.getIntervalHistogram());
    }

    /** Each user follows {@value #FOLLOWING} others at random, in one batch follow. */
    private static void followSome(Api api, List<Population.User> users) throws Exception {
        eachUser(users, me -> {
            List<String> others = new ArrayList<>();
            users.stream().filter(u -> !u.id().equals(me.id())).forEach(u -> others.add(u.id()));
            Collections.shuffle(others);
            Reply reply = api.followAll(me.token(), me.id(), others.subList(0, Math.min(FOLLOWING, others.size())));
            if (reply.status() != 200) {
                throw new IllegalStateException("a batch follow answered " + reply.status());
            }
        });
    }

    /** Each user posts {@value #POSTS} times (their first post, from sign-up, included). */
    private static void postAll(Api api, List<Population.User> users) throws Exception {
        eachUser(users, me -> {
            for (int i = 1; i < POSTS; i++) {
                Reply reply = api.post(me.token(), "post " + i + " of " + me.id());
                if (reply.status() != 201) {
                    throw new IllegalStateException("a post answered " + reply.status());
                }
            }
        });
    }

    private interface UserAction {
        void act(Population.User user) throws Exception;
    }

    /** {@code action} for every user, four at a time; the first failure fails it. */
    private static void eachUser(List<Population.User> users, UserAction action) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Population.User user : users) {
                done.add(pool.submit(() -> {
                    action.act(user);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
