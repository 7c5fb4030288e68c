package dev.widefeed.analytics;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The counter audit: every audited counter recounted from the rows it counts, across whole tables,
 * and compared with the counter. The counters are read before the count and again after it; a
 * counter that did not move meanwhile and disagrees with its rows has drifted by exactly the
 * difference, and (with {@code apply}) gets that difference added, the rule reconcile follows one
 * object at a time. A counter that moved during the count was not read at one point with its rows;
 * given the service's admin address, the audit has the service's reconcile read each such object's
 * counters and rows at a known point and correct them; without it, they are left for the next audit.
 *
 * <p>Writes {@code OUT/drift} (Parquet: counter, id, counted, before, after, drift, state) and,
 * with {@code apply}, {@code OUT/corrections} (counter, id, delta, outcome).
 */
public final class CounterAudit {
    public static final String DRIFT = "drift";
    public static final String MOVING = "moving";
    /** Outcomes of a correction (others say why it failed). */
    static final String APPLIED = "applied";

    static final String RECONCILED = "reconciled by the service";

    /** What an audit found and did. */
    public record Summary(
            long countersChecked,
            long rowsRead,
            long drifted,
            long moving,
            long corrected,
            long reconciled,
            long failed,
            double seconds) {
        public double rowsPerSecond() {
            return seconds == 0 ? 0 : rowsRead / seconds;
        }
    }

    private static final StructType CORRECTIONS = new StructType()
            .add("counter", DataTypes.StringType)
            .add("id", DataTypes.LongType)
            .add("delta", DataTypes.LongType)
            .add("outcome", DataTypes.StringType);

    private CounterAudit() {}

    /** Told as each kind of counter has been counted (before its counters are read the second time). */
    public interface Progress {
        Progress NONE = (counter, checked, rows) -> {};

        void counted(String counter, long checked, long rows);
    }

    public static Summary run(SparkSession spark, CounterTables tables, String out, boolean apply) {
        return run(spark, tables, out, apply, null, Progress.NONE);
    }

    /** {@code reconcile}: the service's reconcile, for counters that moved (null: leave them to the next audit). */
    public static Summary run(
            SparkSession spark, CounterTables tables, String out, boolean apply, URI reconcile, Progress progress) {
        long start = System.nanoTime();
        List<AuditedCounter> counters = tables.counters(spark);
        Counted counted = countAll(counters, progress);
        Dataset<Row> report = counted.report();
        report.write().mode(SaveMode.Overwrite).parquet(out + "/drift");
        Map<String, Long> states = new HashMap<>();
        report.groupBy("state").count().collectAsList().forEach(r -> states.put(r.getString(0), r.getLong(1)));
        List<Row> outcomes = new ArrayList<>();
        if (apply) {
            outcomes.addAll(applyDrift(tables, counters, report));
            if (reconcile != null) {
                outcomes.addAll(reconcileMoving(new ServiceReconcile(reconcile), report));
            }
            spark.createDataFrame(outcomes, CORRECTIONS)
                    .write()
                    .mode(SaveMode.Overwrite)
                    .parquet(out + "/corrections");
        }
        long corrected =
                outcomes.stream().filter(r -> r.getString(3).equals(APPLIED)).count();
        long reconciled =
                outcomes.stream().filter(r -> r.getString(3).equals(RECONCILED)).count();
        return new Summary(
                counted.checked(),
                counted.rowsRead(),
                states.getOrDefault(DRIFT, 0L),
                states.getOrDefault(MOVING, 0L),
                corrected,
                reconciled,
                outcomes.size() - corrected - reconciled,
                (System.nanoTime() - start) / 1e9);
    }

    /** The drift of every kind of counter (checkpointed), how many counters were checked and rows read. */
    private record Counted(Dataset<Row> report, long checked, long rowsRead) {}

    private static Counted countAll(List<AuditedCounter> counters, Progress progress) {
        long checked = 0;
        long rowsRead = 0;
        Dataset<Row> report = null;
        for (AuditedCounter counter : counters) {
            Dataset<Row> before = counter.counters().localCheckpoint(true);
            Dataset<Row> counted = before.join(
                            counter.truth(),
                            before.col("id").equalTo(counter.truth().col("id")),
                            "full_outer")
                    .select(
                            coalesce(before.col("id"), counter.truth().col("id"))
                                    .as("id"),
                            coalesce(col("counted"), lit(0L)).as("counted"),
                            coalesce(col("counter"), lit(0L)).as("before"),
                            coalesce(col("rows"), lit(0L)).as("rows"))
                    .localCheckpoint(true);
            Row sizes = counted.agg(sum("rows"), count(lit(1))).first();
            long rows = sizes.isNullAt(0) ? 0 : sizes.getLong(0);
            progress.counted(counter.name(), sizes.getLong(1), rows);
            Dataset<Row> after =
                    counter.counters().withColumnRenamed("counter", "after").localCheckpoint(true);
            Dataset<Row> drifted = counted.join(after, counted.col("id").equalTo(after.col("id")), "left_outer")
                    .select(
                            lit(counter.name()).as("counter"),
                            counted.col("id"),
                            col("counted"),
                            col("before"),
                            coalesce(col("after"), lit(0L)).as("after"))
                    .filter(col("counted").notEqual(col("before")))
                    .withColumn("drift", col("counted").minus(col("before")))
                    .withColumn(
                            "state",
                            when(col("before").equalTo(col("after")), DRIFT).otherwise(MOVING));
            rowsRead += rows + before.count() + after.count();
            checked += sizes.getLong(1);
            report = report == null ? drifted : report.unionByName(drifted);
        }
        return new Counted(report.localCheckpoint(true), checked, rowsRead);
    }

    /** Adds each stable drift to its counter; an increment that fails is reported, never retried. */
    private static List<Row> applyDrift(CounterTables tables, List<AuditedCounter> counters, Dataset<Row> report) {
        List<Row> outcomes = new ArrayList<>();
        Iterator<Row> rows = report.filter(col("state").equalTo(DRIFT)).toLocalIterator();
        while (rows.hasNext()) {
            Row row = rows.next();
            AuditedCounter counter = counters.stream()
                    .filter(c -> c.name().equals(row.getString(0)))
                    .findFirst()
                    .orElseThrow();
            String outcome = APPLIED;
            try {
                tables.add(counter, row.getLong(1), row.getLong(5));
            } catch (RuntimeException e) {
                outcome = "unknown: " + e.getMessage();
            }
            outcomes.add(RowFactory.create(counter.name(), row.getLong(1), row.getLong(5), outcome));
        }
        return outcomes;
    }

    /** Has the service reconcile the posts and users whose counters moved, a batch of them per request. */
    private static List<Row> reconcileMoving(ServiceReconcile service, Dataset<Row> report) {
        List<Row> outcomes = new ArrayList<>();
        List<Row> moving = report.filter(col("state").equalTo(MOVING)).collectAsList();
        for (String kind : List.of("post", "user")) {
            List<Row> ofKind = moving.stream()
                    .filter(r -> r.getString(0).startsWith(kind + "."))
                    .toList();
            List<Long> ids = ofKind.stream().map(r -> r.getLong(1)).distinct().toList();
            for (int i = 0; i < ids.size(); i += ServiceReconcile.BATCH) {
                List<Long> batch = ids.subList(i, Math.min(ids.size(), i + ServiceReconcile.BATCH));
                String outcome = RECONCILED;
                try {
                    service.reconcile(kind, batch);
                } catch (IOException e) {
                    outcome = "not reconciled: " + e.getMessage();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the service reconciled", e);
                }
                for (Row row : ofKind) {
                    if (batch.contains(row.getLong(1))) {
                        outcomes.add(RowFactory.create(row.getString(0), row.getLong(1), row.getLong(5), outcome));
                    }
                }
            }
        }
        return outcomes;
    }
}
