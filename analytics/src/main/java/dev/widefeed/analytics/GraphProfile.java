package dev.widefeed.analytics;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pow;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.widefeed.stats.PowerLawFit;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The graph profile for capacity planners: the follower-count distribution (exact histogram, the
 * power law fitted to it, the celebrities), the share of users who read their home timeline within
 * an hour, a day and a week, posts per posting author over the last day, and home reads per active
 * reader a day; written as the workload profile {@code perf generate --profile} takes
 * (docs/workload-profile.md), so a synthetic workload is calibrated from the real tables.
 *
 * <p>Reads a day come from each reader's decayed read count (halving every day): a reader who reads
 * {@code r} times a day holds {@code r / ln 2}, so {@code r} is the count, decayed to now, times
 * {@code ln 2}. An active reader is one who read within the last day.
 */
public final class GraphProfile {
    /** Accounts above this many followers are listed one by one, as the profile format says. */
    static final long CELEBRITY = 10_000;

    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private GraphProfile() {}

    /** Profiles the store as of {@code now} and writes the profile to {@code file}; returns it. */
    public static ObjectNode run(SparkSession spark, ProfileTables tables, Instant now, File file) throws IOException {
        long nowMs = now.toEpochMilli();
        Dataset<Row> users = tables.users(spark).distinct();
        Dataset<Row> followers = tables.edges(spark)
                .filter(col("following"))
                .groupBy(col("followee").as("id"))
                .agg(count(lit(1)).as("followers"));
        Dataset<Row> perUser = users.join(followers, "id", "left_outer")
                .select(col("id"), coalesce(col("followers"), lit(0L)).as("followers"))
                .localCheckpoint(true);

        TreeMap<Long, Long> histogram = new TreeMap<>();
        for (Row row :
                perUser.groupBy("followers").agg(count(lit(1)).as("users")).collectAsList()) {
            histogram.put(row.getLong(0), row.getLong(1));
        }
        long userCount = histogram.values().stream().mapToLong(Long::longValue).sum();
        if (userCount < 2) {
            throw new IllegalStateException(tables.source() + " holds " + userCount + " users: nothing to profile");
        }
        long follows = histogram.entrySet().stream()
                .mapToLong(e -> e.getKey() * e.getValue())
                .sum();
        long max = histogram.isEmpty() ? 0 : histogram.lastKey();
        PowerLawFit fit = PowerLawFit.of(histogram)
                .orElseThrow(() -> new IllegalStateException(
                        "the follower counts have no tail to fit a power law to (too few users with followers)"));
        List<Row> celebrities = perUser.filter(col("followers").gt(CELEBRITY))
                .orderBy(col("followers").desc())
                .select("followers")
                .collectAsList();

        Dataset<Row> readers =
                tables.readers(spark).filter(col("last_read").isNotNull()).localCheckpoint(true);
        ObjectNode activeShare = JSON.createObjectNode();
        Map<String, Duration> windows = new LinkedHashMap<>();
        windows.put("1h", Duration.ofHours(1));
        windows.put("24h", Duration.ofDays(1));
        windows.put("7d", Duration.ofDays(7));
        for (Map.Entry<String, Duration> window : windows.entrySet()) {
            long active = readers.filter(
                            col("last_read").gt(nowMs - window.getValue().toMillis()))
                    .count();
            activeShare.put(window.getKey(), Math.min(1.0, (double) active / userCount));
        }
        Row reads = readers.filter(col("last_read").gt(nowMs - DAY_MS))
                .select(col("read_count")
                        .multiply(pow(
                                lit(2.0),
                                lit((double) nowMs).minus(col("read_count_at")).divide(-DAY_MS)))
                        .multiply(Math.log(2))
                        .as("per_day"))
                .agg(avg("per_day"), count(lit(1)))
                .first();
        Row posted = tables.posts(spark)
                .filter(col("created_at")
                        .gt(nowMs - DAY_MS)
                        .and(col("created_at").leq(nowMs)))
                .agg(count(lit(1)), countDistinct(col("author")))
                .first();

        ObjectNode profile = JSON.createObjectNode();
        profile.put("version", 1);
        profile.put("source", tables.source() + ", profiled " + now);
        profile.put("users", userCount);
        ObjectNode followerNode = profile.putObject("followers");
        followerNode.put("mean", (double) follows / userCount);
        followerNode.put("max", max);
        followerNode
                .putObject("powerLaw")
                .put("exponent", fit.exponent())
                .put("xMin", fit.xMin())
                .put("tailUsers", fit.tailSize())
                .put("ksDistance", fit.ksDistance())
                .put("standardError", fit.standardError());
        ArrayNode bins = followerNode.putArray("histogram");
        histogram.forEach((k, n) -> bins.addObject().put("followers", k).put("users", n));
        ArrayNode celebrityCounts = profile.putArray("celebrities");
        celebrities.forEach(row -> celebrityCounts.add(row.getLong(0)));
        profile.set("activeReaderShare", activeShare);
        long postsLastDay = posted.getLong(0);
        long authorsLastDay = posted.getLong(1);
        profile.put("postsPerAuthorPerDay", authorsLastDay == 0 ? 0.0 : (double) postsLastDay / authorsLastDay);
        profile.put("readsPerReaderPerDay", reads.isNullAt(0) ? 0.0 : reads.getDouble(0));
        profile.put("postsLastDay", postsLastDay);
        profile.put("authorsLastDay", authorsLastDay);
        profile.put("activeReadersLastDay", reads.getLong(1));
        JSON.writeValue(file, profile);
        return profile;
    }
}
