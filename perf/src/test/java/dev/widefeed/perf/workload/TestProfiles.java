package dev.widefeed.perf.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.widefeed.stats.PowerLawFit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Workload profiles as the analytics module's job writes them, made from follower counts. */
public final class TestProfiles {
    public static final ObjectMapper JSON = new ObjectMapper();

    private TestProfiles() {}

    /** A small valid profile: 25,000 users, two of them celebrities (20,000 and 15,000 followers). */
    public static ObjectNode small() {
        int[] followers = new int[25_000];
        followers[0] = 15_000;
        followers[1] = 20_000;
        followers[2] = 9_000; // not a celebrity: at most 10,000
        for (int u = 3; u < followers.length; u++) {
            followers[u] = 1 + (int) (1_000 / Math.pow(u - 2, 1.2));
        }
        return of(followers, "test fixture", 2.2);
    }

    /**
     * The profile of a population: its mean, max, histogram and the accounts above the celebrity threshold as
     * counted; the power law as {@link PowerLawFit} measures it, its exponent replaced by {@code exponent} if no
     * tail qualifies.
     */
    public static ObjectNode of(int[] followers, String source, double exponent) {
        TreeMap<Long, Long> histogram = new TreeMap<>();
        long edges = 0;
        long max = 0;
        List<Long> celebrities = new ArrayList<>();
        for (int f : followers) {
            histogram.merge((long) f, 1L, Long::sum);
            edges += f;
            max = Math.max(max, f);
            if (f > WorkloadProfile.CELEBRITY_THRESHOLD) {
                celebrities.add((long) f);
            }
        }
        celebrities.sort(Comparator.reverseOrder());
        PowerLawFit fit = PowerLawFit.of(followers).orElse(new PowerLawFit(exponent, 1, followers.length, 0, 0));
        ObjectNode profile = JSON.createObjectNode();
        profile.put("version", 1);
        profile.put("source", source);
        profile.put("users", followers.length);
        ObjectNode f = profile.putObject("followers");
        f.put("mean", (double) edges / followers.length);
        f.put("max", max);
        f.putObject("powerLaw")
                .put("exponent", fit.exponent())
                .put("xMin", fit.xMin())
                .put("tailUsers", fit.tailSize());
        ArrayNode bins = f.putArray("histogram");
        for (Map.Entry<Long, Long> e : histogram.entrySet()) {
            bins.addObject().put("followers", e.getKey()).put("users", e.getValue());
        }
        ArrayNode celebrityArray = profile.putArray("celebrities");
        celebrities.forEach(celebrityArray::add);
        profile.putObject("activeReaderShare").put("1h", 0.05).put("24h", 0.30).put("7d", 0.60);
        profile.put("postsPerAuthorPerDay", 0.8);
        profile.put("readsPerReaderPerDay", 5.2);
        return profile;
    }

    public static Path write(ObjectNode profile, Path file) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), profile);
        return file;
    }
}
