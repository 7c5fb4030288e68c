package dev.widefeed.perf.workload;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A workload profile: what the analytics module's profile job measured on the live tables, for
 * {@code perf generate --profile} to calibrate a synthetic workload from. The job is written apart from perf (the
 * modules share no code), so this record is the contract: every field below must be present, unknown fields are
 * ignored, and the values are checked here, each failure naming the field. The format is described in
 * {@code docs/workload-profile.md}.
 *
 * @param version              the format version; perf reads {@value #VERSION}
 * @param source               where and when the tables were profiled, free text
 * @param users                accounts in the users table
 * @param followers            the follower-count distribution
 * @param celebrities          follower counts of the accounts with more than {@value #CELEBRITY_THRESHOLD}
 *                             followers, largest first (kept so; given in another order they are sorted)
 * @param activeReaderShare    share of users whose last home-timeline read is within each window
 * @param postsPerAuthorPerDay posts per posting user per day over the last day
 * @param readsPerReaderPerDay home-timeline reads per active reader per day
 */
public record WorkloadProfile(
        int version,
        String source,
        long users,
        Followers followers,
        List<Long> celebrities,
        ActiveReaderShare activeReaderShare,
        double postsPerAuthorPerDay,
        double readsPerReaderPerDay) {
    public static final int VERSION = 1;
    /** Accounts with more followers than this are listed one by one in {@code celebrities}. */
    public static final long CELEBRITY_THRESHOLD = 10_000;

    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // 1.5 users or "12" followers are the job's bug, not something to round or parse
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
    private static final Pattern MISSING = Pattern.compile("Missing (?:required )?creator property '([^']+)'");
    private static final Pattern NULL = Pattern.compile("Null value for creator property '([^']+)'");

    public WorkloadProfile {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(followers, "followers");
        Objects.requireNonNull(celebrities, "celebrities");
        Objects.requireNonNull(activeReaderShare, "activeReaderShare");
        if (version != VERSION) {
            throw new IllegalArgumentException(
                    "version " + version + " is not one perf reads (it reads version " + VERSION + ")");
        }
        require(users >= 2, "users must be at least 2, got " + users);
        require(
                Double.isFinite(postsPerAuthorPerDay) && postsPerAuthorPerDay >= 0,
                "postsPerAuthorPerDay must be a finite number >= 0, got " + postsPerAuthorPerDay);
        require(
                Double.isFinite(readsPerReaderPerDay) && readsPerReaderPerDay >= 0,
                "readsPerReaderPerDay must be a finite number >= 0, got " + readsPerReaderPerDay);
        List<Long> sorted = new ArrayList<>();
        for (Long c : celebrities) {
            require(c != null, "celebrities must be numbers, found null");
            require(
                    c > CELEBRITY_THRESHOLD,
                    "celebrities are accounts with more than " + CELEBRITY_THRESHOLD + " followers, found " + c);
            require(c <= followers.max(), "celebrity with " + c + " followers, above followers.max " + followers.max());
            sorted.add(c);
        }
        sorted.sort(Comparator.reverseOrder());
        celebrities = List.copyOf(sorted);
        long histogramUsers = 0;
        long aboveThreshold = 0;
        for (Bin bin : followers.histogram()) {
            histogramUsers += bin.users();
            if (bin.followers() > CELEBRITY_THRESHOLD) {
                aboveThreshold += bin.users();
            }
        }
        require(
                histogramUsers == users,
                "followers.histogram counts " + histogramUsers + " users, the profile " + users);
        require(
                aboveThreshold == celebrities.size(),
                "followers.histogram has " + aboveThreshold + " users with more than " + CELEBRITY_THRESHOLD
                        + " followers, celebrities lists " + celebrities.size());
        require(
                followers.powerLaw().tailUsers() <= users,
                "followers.powerLaw.tailUsers " + followers.powerLaw().tailUsers() + " is more than the " + users
                        + " users");
    }

    /**
     * The follower-count distribution.
     *
     * @param mean      mean followers per user, all users
     * @param max       the largest follower count
     * @param powerLaw  the discrete power law fitted to the tail
     * @param histogram users per follower count, exact
     */
    public record Followers(double mean, long max, PowerLaw powerLaw, List<Bin> histogram) {
        public Followers {
            Objects.requireNonNull(powerLaw, "powerLaw");
            Objects.requireNonNull(histogram, "histogram");
            require(Double.isFinite(mean) && mean >= 0, "mean must be a finite number >= 0, got " + mean);
            require(max >= 0, "max must be >= 0, got " + max);
            TreeMap<Long, Long> seen = new TreeMap<>();
            for (Bin bin : histogram) {
                require(bin != null, "histogram entries must be objects, found null");
                require(
                        seen.put(bin.followers(), bin.users()) == null,
                        "histogram lists followers=" + bin.followers() + " twice");
            }
            histogram = List.copyOf(histogram);
        }
    }

    /**
     * The power law {@code P(k) ~ k^-exponent} fitted to the users with at least {@code xMin} followers.
     *
     * @param exponent  above 1
     * @param xMin      at least 1
     * @param tailUsers users with at least {@code xMin} followers
     */
    public record PowerLaw(double exponent, long xMin, long tailUsers) {
        public PowerLaw {
            require(
                    Double.isFinite(exponent) && exponent > 1,
                    "exponent must be a finite number above 1, got " + exponent);
            require(xMin >= 1, "xMin must be at least 1, got " + xMin);
            require(tailUsers >= 0, "tailUsers must be >= 0, got " + tailUsers);
        }
    }

    /** {@code users} accounts have exactly {@code followers} followers. */
    public record Bin(long followers, long users) {
        public Bin {
            require(followers >= 0, "followers must be >= 0, got " + followers);
            require(users >= 0, "users must be >= 0, got " + users);
        }
    }

    /**
     * Shares of all users whose last home-timeline read is within the last hour, day and week.
     */
    public record ActiveReaderShare(
            @JsonProperty("1h") double lastHour,
            @JsonProperty("24h") double lastDay,
            @JsonProperty("7d") double lastWeek) {
        public ActiveReaderShare {
            require(
                    share(lastHour) && share(lastDay) && share(lastWeek),
                    "shares must be in [0, 1], got 1h " + lastHour + ", 24h " + lastDay + ", 7d " + lastWeek);
            require(
                    lastHour <= lastDay && lastDay <= lastWeek,
                    "shares must not fall with the window (who read "
                            + "within the hour read within the day), got 1h " + lastHour + ", 24h " + lastDay + ", 7d "
                            + lastWeek);
        }

        private static boolean share(double v) {
            return v >= 0 && v <= 1;
        }
    }

    /**
     * Reads and checks a profile file.
     *
     * @throws IllegalArgumentException naming the file and the field, if it is missing, not a profile or invalid
     */
    public static WorkloadProfile read(Path file) throws IOException {
        JsonNode tree;
        try {
            tree = JSON.readTree(file.toFile());
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new IllegalArgumentException(file + ": no such profile file");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    file + ": not a JSON document (" + e.getOriginalMessage()
                            + (e.getLocation() == null
                                    ? ""
                                    : ", line " + e.getLocation().getLineNr() + ", column "
                                            + e.getLocation().getColumnNr())
                            + ")",
                    e);
        }
        try {
            return JSON.treeToValue(tree, WorkloadProfile.class);
        } catch (JsonMappingException e) {
            throw new IllegalArgumentException(file + ": " + describe(e, tree), e);
        }
    }

    /** Users per follower count, from the histogram. */
    public Map<Long, Long> usersByFollowers() {
        TreeMap<Long, Long> histogram = new TreeMap<>();
        for (Bin bin : followers.histogram()) {
            histogram.put(bin.followers(), bin.users());
        }
        return histogram;
    }

    /**
     * Where the summary figures disagree with the histogram they summarise beyond rounding; perf uses the summaries
     * (exponent, mean), so a disagreement is worth a look at the job but does not stop a workload.
     */
    public List<String> inconsistencies() {
        List<String> found = new ArrayList<>();
        long edges = 0;
        long largest = 0;
        long tail = 0;
        for (Bin bin : followers.histogram()) {
            edges += bin.followers() * bin.users();
            if (bin.users() > 0) {
                largest = Math.max(largest, bin.followers());
            }
            if (bin.followers() >= followers.powerLaw().xMin()) {
                tail += bin.users();
            }
        }
        double mean = (double) edges / users;
        if (Math.abs(mean - followers.mean()) > 0.005 * followers.mean() + 0.05) {
            found.add(String.format(
                    Locale.ROOT, "followers.mean is %s, the histogram's mean %.3f", followers.mean(), mean));
        }
        if (largest != followers.max()) {
            found.add("followers.max is " + followers.max() + ", the histogram's largest count " + largest);
        }
        if (followers.max() > users - 1) {
            found.add("followers.max is " + followers.max() + ", more than the other " + (users - 1) + " users");
        }
        if (tail != followers.powerLaw().tailUsers()) {
            found.add("followers.powerLaw.tailUsers is " + followers.powerLaw().tailUsers() + ", the histogram has "
                    + tail + " users with at least xMin = "
                    + followers.powerLaw().xMin() + " followers");
        }
        return found;
    }

    /** Jackson's account of a bad document, in the profile's terms: the field's path and what is wrong with it. */
    private static String describe(JsonMappingException e, JsonNode tree) {
        StringBuilder path = new StringBuilder();
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
                pointer.append('/').append(r.getFieldName().replace("~", "~0").replace("/", "~1"));
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
                pointer.append('/').append(r.getIndex());
            }
        }
        String message = e.getOriginalMessage();
        if (e instanceof ValueInstantiationException && e.getCause() instanceof IllegalArgumentException invalid) {
            return (path.isEmpty() ? "" : path + ": ") + invalid.getMessage();
        }
        Matcher missing = MISSING.matcher(message);
        if (missing.find()) {
            return field(path, missing.group(1)) + " is missing";
        }
        Matcher isNull = NULL.matcher(message);
        if (isNull.find()) {
            return field(path, isNull.group(1)) + " is null";
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null && !path.isEmpty()) {
            return path + ": expected " + expected(mismatch.getTargetType()) + ", found "
                    + found(tree.at(pointer.toString()));
        }
        return (path.isEmpty() ? "" : path + ": ") + message.lines().findFirst().orElse(message);
    }

    /** The path to a property: Jackson's path may or may not end with the property's own name. */
    private static String field(CharSequence path, String property) {
        String p = path.toString();
        return p.equals(property) || p.endsWith("." + property) ? p : p.isEmpty() ? property : p + "." + property;
    }

    private static String expected(Class<?> type) {
        if (type == long.class || type == int.class || type == Long.class || type == Integer.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        return List.class.isAssignableFrom(type) ? "an array" : "an object";
    }

    private static String found(JsonNode value) {
        if (value.isMissingNode()) {
            return "nothing";
        }
        String text = value.toString();
        return (value.isTextual()
                        ? "the string "
                        : value.isArray() ? "an array " : value.isObject() ? "an object " : "")
                + (text.length() > 40 ? text.substring(0, 37) + "..." : text);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
