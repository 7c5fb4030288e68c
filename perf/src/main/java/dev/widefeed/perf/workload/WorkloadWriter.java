package dev.widefeed.perf.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes a workload into a directory: {@code users.tsv.gz}, {@code follows.tsv.gz}, {@code events.tsv.gz}
 * and last {@code manifest.json} (the spec, generator version, counts, celebrities and each file's SHA-256, and for
 * a workload calibrated from a workload profile, the profile it came from).
 * Nothing in the output depends on the clock, the host or thread scheduling: the same spec and
 * {@link #GENERATOR_VERSION} give the same bytes.
 */
public final class WorkloadWriter {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Bump whenever the output for a given spec changes. */
    public static final int GENERATOR_VERSION = 2;
    /** The service's default cap on how many users one user may follow. */
    public static final int FOLLOWING_CAP = 5_000;

    public static final String USERS = "users.tsv.gz";
    public static final String FOLLOWS = "follows.tsv.gz";
    public static final String EVENTS = "events.tsv.gz";
    public static final String MANIFEST = "manifest.json";

    /** What was written. */
    public record Summary(
            Path directory,
            int users,
            long follows,
            long events,
            long lastOffsetMillis,
            int maxFollowing,
            List<Integer> celebrities,
            List<Integer> skippedCelebrities) {}

    private record FileEntry(String name, long lines, long bytes, String sha256, String contentSha256) {}

    private WorkloadWriter() {}

    /** Generates and writes the workload; {@code progress} (may be null) gets a line per 10 M lines written. */
    public static Summary write(WorkloadSpec spec, Path directory, PrintStream progress) throws IOException {
        return write(spec, directory, progress, null);
    }

    /**
     * As {@link #write(WorkloadSpec, Path, PrintStream)}, the manifest also saying where the spec came from:
     * {@code profile} (may be null: none) is written as the manifest's {@code profile} object, in its own order.
     */
    public static Summary write(WorkloadSpec spec, Path directory, PrintStream progress, Map<String, ?> profile)
            throws IOException {
        Files.createDirectories(directory);
        Population population = PopulationGenerator.generate(spec);
        int n = population.users();
        List<FileEntry> files = new ArrayList<>();

        double[] readsPerDay =
                EventGenerator.perDay(spec, population.readWeight(), EventKind.HOME_READ, EventKind.USER_READ);
        double[] postsPerDay = EventGenerator.perDay(spec, population.postWeight(), EventKind.POST);
        GzipTsv users = new GzipTsv(directory.resolve(USERS), progress);
        try (users) {
            users.text("user\tfollowers\treads_per_day\tposts_per_day").newline();
            for (int u = 0; u < n; u++) {
                users.number(u)
                        .tab()
                        .number(population.followers()[u])
                        .tab()
                        .text(decimal(readsPerDay[u]))
                        .tab()
                        .text(decimal(postsPerDay[u]))
                        .newline();
            }
        }
        files.add(entry(directory, USERS, users));

        int[] following = new int[n];
        GzipTsv follows = new GzipTsv(directory.resolve(FOLLOWS), progress);
        try (follows) {
            follows.text("follower\tfollowee").newline();
            PopulationGenerator.edges(spec, population, (follower, followee) -> {
                following[follower]++;
                follows.number(follower).tab().number(followee).newline();
            });
        }
        files.add(entry(directory, FOLLOWS, follows));
        int maxFollowing = 0;
        int overCap = 0;
        for (int f : following) {
            maxFollowing = Math.max(maxFollowing, f);
            if (f > FOLLOWING_CAP) {
                overCap++;
            }
        }

        Map<EventKind, long[]> byKind = new EnumMap<>(EventKind.class);
        for (EventKind kind : EventKind.values()) {
            byKind.put(kind, new long[1]);
        }
        long[] last = {0};
        GzipTsv events = new GzipTsv(directory.resolve(EVENTS), progress);
        try (events) {
            events.text("offset_ms\tkind\tactor\ttarget").newline();
            EventGenerator.events(spec, population, (offset, kind, actor, target) -> {
                byKind.get(kind)[0]++;
                last[0] = offset;
                events.number(offset)
                        .tab()
                        .text(kind.label())
                        .tab()
                        .number(actor)
                        .tab()
                        .number(target)
                        .newline();
            });
        }
        files.add(entry(directory, EVENTS, events));

        long edges = follows.lines() - 1;
        StringBuilder json = new StringBuilder();
        json.append("{\n");
        json.append("  \"generator\": \"widefeed perf generate\",\n");
        json.append("  \"generatorVersion\": ").append(GENERATOR_VERSION).append(",\n");
        json.append("  \"spec\": {\n");
        json.append("    \"users\": ").append(spec.users()).append(",\n");
        json.append("    \"zipfExponent\": ").append(spec.zipfExponent()).append(",\n");
        json.append("    \"meanFollowers\": ").append(spec.meanFollowers()).append(",\n");
        json.append("    \"celebrities\": ").append(spec.celebrities()).append(",\n");
        json.append("    \"seed\": ").append(spec.seed()).append(",\n");
        json.append("    \"preset\": \"").append(spec.mix().label()).append("\",\n");
        json.append("    \"events\": ").append(spec.events()).append(",\n");
        json.append("    \"eventsPerSecond\": ").append(spec.eventsPerSecond()).append(",\n");
        json.append("    \"dormantShare\": ").append(spec.dormantShare());
        if (spec.ordinaryMaxFollowers() > 0) { // absent otherwise, so earlier specs keep their bytes
            json.append(",\n    \"ordinaryMaxFollowers\": ").append(spec.ordinaryMaxFollowers());
        }
        json.append("\n");
        json.append("  },\n");
        if (profile != null) {
            json.append("  \"profile\": ")
                    .append(JSON.writeValueAsString(profile))
                    .append(",\n");
        }
        json.append("  \"model\": {\n");
        if (spec.ordinaryMaxFollowers() > 0) {
            json.append(
                    "    \"followers\": \"non-celebrities: round(s * r), r Pareto(a) conditional on s * r < m + 1/2, "
                            + "m = min(users-1, ordinaryMaxFollowers); s set so the mean over all users is meanFollowers; "
                            + "followers of each user uniform without replacement\",\n");
        } else {
            json.append("    \"followers\": \"non-celebrities: min(users-1, floor(s * U^(-1/(a-1)))), s set so the "
                    + "mean over all users is meanFollowers; followers of each user uniform without replacement\",\n");
        }
        json.append("    \"readWeight\": \"lognormal(0, ")
                .append(PopulationGenerator.READ_SIGMA)
                .append(") - actor weight of every kind but post\",\n");
        json.append("    \"postWeight\": \"lognormal(0, ")
                .append(PopulationGenerator.POST_SIGMA)
                .append(") - actor weight of posts\",\n");
        json.append("    \"targets\": \"like/comment/repost: followers*postWeight; user_read/unfollow: followers; "
                + "follow: followers+1; never the actor; -1 = none\",\n");
        json.append("    \"mix\": {");
        json.append(List.of(EventKind.values()).stream()
                .map(k -> "\"" + k.label() + "\": "
                        + String.format(Locale.ROOT, "%.6f", spec.mix().share(k)))
                .collect(Collectors.joining(", ")));
        json.append("}\n");
        json.append("  },\n");
        json.append("  \"celebrities\": [");
        List<Integer> celebrities = population.celebrities();
        for (int i = 0; i < celebrities.size(); i++) {
            json.append(i == 0 ? "" : ", ")
                    .append("{\"user\": ")
                    .append(i)
                    .append(", \"followers\": ")
                    .append(celebrities.get(i))
                    .append('}');
        }
        json.append("],\n");
        json.append("  \"skippedCelebrities\": ")
                .append(population.skippedCelebrities())
                .append(",\n");
        if (!population.skippedCelebrities().isEmpty()) {
            json.append("  \"skippedCelebritiesReason\": \"more followers than users-1\",\n");
        }
        json.append("  \"counts\": {\n");
        json.append("    \"users\": ").append(n).append(",\n");
        json.append("    \"follows\": ").append(edges).append(",\n");
        json.append("    \"meanFollowers\": ")
                .append(String.format(Locale.ROOT, "%.4f", (double) edges / n))
                .append(",\n");
        json.append("    \"maxFollowing\": ").append(maxFollowing).append(",\n");
        json.append("    \"usersOverFollowingCap\": ").append(overCap).append(",\n");
        json.append("    \"followingCap\": ").append(FOLLOWING_CAP).append(",\n");
        json.append("    \"events\": ").append(events.lines() - 1).append(",\n");
        json.append("    \"lastOffsetMillis\": ").append(last[0]).append(",\n");
        json.append("    \"eventsByKind\": {");
        json.append(byKind.entrySet().stream()
                .map(e -> "\"" + e.getKey().label() + "\": " + e.getValue()[0])
                .collect(Collectors.joining(", ")));
        json.append("}\n");
        json.append("  },\n");
        json.append("  \"files\": [\n");
        for (int i = 0; i < files.size(); i++) {
            FileEntry f = files.get(i);
            json.append("    {\"name\": \"")
                    .append(f.name())
                    .append("\", \"lines\": ")
                    .append(f.lines())
                    .append(", \"bytes\": ")
                    .append(f.bytes())
                    .append(", \"sha256\": \"")
                    .append(f.sha256())
                    .append("\", \"contentSha256\": \"")
                    .append(f.contentSha256())
                    .append("\"}")
                    .append(i + 1 < files.size() ? ",\n" : "\n");
        }
        json.append("  ]\n");
        json.append("}\n");
        Files.writeString(directory.resolve(MANIFEST), json, StandardCharsets.UTF_8);
        return new Summary(
                directory,
                n,
                edges,
                events.lines() - 1,
                last[0],
                maxFollowing,
                celebrities,
                population.skippedCelebrities());
    }

    private static FileEntry entry(Path directory, String name, GzipTsv file) throws IOException {
        return new FileEntry(
                name, file.lines(), Files.size(directory.resolve(name)), file.fileSha256(), file.contentSha256());
    }

    /** Six significant digits, locale-independent. */
    static String decimal(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
