package dev.widefeed.perf.scenario;

import dev.widefeed.audience.Audience;
import dev.widefeed.audience.AudienceSettings;
import dev.widefeed.composition.Features;
import dev.widefeed.composition.InstanceSettings;
import dev.widefeed.feed.FeedFactory;
import dev.widefeed.feed.timeline.FeedRules;
import dev.widefeed.kernel.IdGenerator;
import dev.widefeed.perf.ClosedLoop;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.Results;
import dev.widefeed.store.Storage;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * What audience checks (docs/design.md, Audiences) cost a home page: the same home reads (20 posts each) over the
 * same population, in three set-ups, each measured closed-loop:
 * <ul>
 *   <li>{@code without}: the audience tables replaced by empty lists that cost nothing to read
 *   ({@link WithoutAudiences}): the service as it would be without checks;</li>
 *   <li>{@code cached}: the service as configured (checks, with the cache of their facts);</li>
 *   <li>{@code uncached}: checks with a cache that keeps nothing: every page reads its facts.</li>
 * </ul>
 * The population is built through the service: authors with tags, a group and blocks, a tenth of
 * their posts in each partly-* audience and a tenth private; readers following many authors and
 * hiding a few. Set-ups take turns: a first round that is not recorded (the store compacts what
 * was just written, the JIT warms up), then two recorded rounds, so that drift falls on all alike.
 */
public final class VisibilityScenario {
    public static final String RESULT = "visibility.json";
    private static final String TAG = "close";

    public record Settings(
            int authors,
            int readers,
            int following,
            int postsPerAuthor,
            int threads,
            int warmupSeconds,
            int measureSeconds) {}

    /** One set-up's home reads: throughput and latency. */
    public record Variant(String name, long reads, double perSecond, LatencySummary latency) {}

    public record Result(Settings settings, long posts, long follows, List<Variant> variants) {}

    private VisibilityScenario() {}

    public static Result run(Storage storage, Settings settings, Path runDirectory, PrintStream out) throws Exception {
        Clock clock = Clock.systemUTC();
        IdGenerator ids = new IdGenerator(IdGenerator.MAX_WORKER_ID - 2, clock);
        FeedRules rules = new FeedFactory().rules();
        Features cached = services(storage, ids, clock, rules, AudienceSettings.DEFAULT);
        Features uncached = services(
                storage,
                ids,
                clock,
                rules,
                new AudienceSettings(
                        AudienceSettings.DEFAULT.limits(), AudienceSettings.DEFAULT.cacheWeight(), Duration.ZERO));
        Features without = services(WithoutAudiences.over(storage), ids, clock, rules, AudienceSettings.DEFAULT);

        out.printf(
                "visibility: building %d authors x %d posts, %d readers following %d each%n",
                settings.authors(), settings.postsPerAuthor(), settings.readers(), settings.following());
        Population population = Population.build(cached, settings, new Random(42));
        out.printf(
                "visibility: %d posts, %d follows; first reads (inbox rebuilds)%n",
                population.posts, population.follows);
        for (long reader : population.readers) {
            cached.feed.home().home(reader, reader, Optional.empty(), 20);
        }

        Map<String, Features> setups = new LinkedHashMap<>();
        setups.put("without", without);
        setups.put("cached", cached);
        setups.put("uncached", uncached);
        Map<String, Histogram> latency = new LinkedHashMap<>();
        Map<String, long[]> counts = new LinkedHashMap<>();
        Duration warmup = Duration.ofSeconds(settings.warmupSeconds());
        Duration measure = Duration.ofSeconds(settings.measureSeconds());
        for (int round = 0; round < 3; round++) {
            for (Map.Entry<String, Features> setup : setups.entrySet()) {
                Features services = setup.getValue();
                List<Long> readers = population.readers;
                ClosedLoop.Result r = ClosedLoop.run(
                        "home " + setup.getKey() + (round == 0 ? " (not recorded)" : ""),
                        settings.threads(),
                        warmup,
                        measure,
                        (thread, i) -> {
                            long reader = readers.get((int) ((thread * 7919L + i) % readers.size()));
                            services.feed.home().home(reader, reader, Optional.empty(), 20);
                        });
                out.println(r.line());
                if (round == 0) {
                    continue;
                }
                latency.computeIfAbsent(setup.getKey(), k -> new Histogram(3)).add(r.latencyMicros());
                long[] c = counts.computeIfAbsent(setup.getKey(), k -> new long[2]);
                c[0] += r.operations();
                c[1] += Math.round(r.seconds() * 1000);
            }
        }
        List<Variant> variants = new ArrayList<>();
        latency.forEach((name, h) -> {
            long[] c = counts.get(name);
            variants.add(new Variant(name, c[0], c[0] / (c[1] / 1000.0), LatencySummary.ofMicros(h)));
        });
        Result result = new Result(settings, population.posts, population.follows, variants);
        Results.write(runDirectory, RESULT, result);
        out.println("visibility: home page of 20, " + settings.threads() + " threads, closed loop");
        for (Variant v : variants) {
            out.printf(
                    "  %-9s %8.0f reads/s  mean %6.2f ms  p50 %6.2f ms  p99 %6.2f ms%n",
                    v.name(),
                    v.perSecond(),
                    v.latency().meanMs(),
                    v.latency().p50Ms(),
                    v.latency().p99Ms());
        }
        return result;
    }

    private static Features services(
            Storage storage, IdGenerator ids, Clock clock, FeedRules rules, AudienceSettings audiences) {
        return new Features(
                storage, InstanceSettings.of(ids, clock).withFeed(rules).withAudience(audiences));
    }

    /** Authors with lists and posts in every audience, and readers following them. */
    private static final class Population {
        final List<Long> authors = new ArrayList<>();
        final List<Long> readers = new ArrayList<>();
        long posts;
        long follows;

        static Population build(Features services, Settings settings, Random random) {
            Population p = new Population();
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
            for (long reader : p.readers) {
                List<Long> followees = sample(p.authors, settings.following(), random);
                p.follows += services.graph.follows().followAll(reader, followees);
                for (long hidden : sample(followees, 2, random)) {
                    services.audience.audiences().hide(reader, reader, hidden);
                }
            }
            for (long author : p.authors) {
                for (long reader : sample(p.readers, 10, random)) {
                    services.audience.audiences().tag(author, author, TAG, reader);
                }
                long group = services.audience
                        .audiences()
                        .createGroup(author, "group")
                        .id();
                for (long reader : sample(p.readers, 10, random)) {
                    services.audience.audiences().addMember(author, group, reader);
                }
                for (long reader : sample(p.readers, 2, random)) {
                    services.audience.audiences().block(author, author, reader);
                }
                for (int n = 0; n < settings.postsPerAuthor(); n++) {
                    Audience audience = switch (n % 10) {
                        case 6 -> new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(TAG), List.of());
                        case 7 -> new Audience(Audience.Type.PARTLY_VISIBLE, List.of(), List.of(), List.of(group));
                        case 8 ->
                            new Audience(
                                    Audience.Type.PARTLY_INVISIBLE, sample(p.readers, 2, random), List.of(), List.of());
                        case 9 -> new Audience(Audience.Type.PRIVATE, List.of(), List.of(), List.of());
                        default -> Audience.PUBLIC;
                    };
                    services.posts.posts().create(author, "post " + n + " of " + author, audience);
                    p.posts++;
                }
            }
            return p;
        }

        private static List<Long> sample(List<Long> from, int n, Random random) {
            List<Long> copy = new ArrayList<>(from);
            Collections.shuffle(copy, random);
            return List.copyOf(copy.subList(0, Math.min(n, copy.size())));
        }
    }
}
