package dev.widefeed.analytics;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The counters on HBase, read by {@link HBaseScans}, and corrected with {@link Increment}s. Every
 * table read here is keyed {@code salt | id (8 bytes)}; the follow edges add the followee's id,
 * the comment index the object's kind (1 byte, 1 = post).
 */
public final class HBaseCounterTables implements CounterTables {
    private static final StructType COUNTED =
            new StructType().add("id", DataTypes.LongType).add("counts", DataTypes.BooleanType);
    private static final StructType COUNTERS =
            new StructType().add("id", DataTypes.LongType).add("counter", DataTypes.LongType);

    private final HBaseScans scans;
    private Connection connection;

    public HBaseCounterTables(String zookeeper, String namespace) {
        this.scans = new HBaseScans(zookeeper, namespace);
    }

    @Override
    public List<AuditedCounter> counters(SparkSession spark) {
        return List.of(
                counter(spark, "post.likes", "posts", "likes", truth(spark, "likes_by_post", "l", (Function<
                                Result, Row>)
                        r -> RowFactory.create(Bytes.toLong(r.getRow(), 1), HBaseScans.flag(r, "l", "liked")))),
                counter(spark, "post.comments", "posts", "comments", truth(spark, "comment_index", "i", (Function<
                                Result, Row>)
                        r -> RowFactory.create(
                                Bytes.toLong(r.getRow(), 1), r.getRow()[9] == 1 && !HBaseScans.flag(r, "i", "state")))),
                counter(spark, "post.reposts", "posts", "reposts", truth(spark, "reposts_by_post", "f", (Function<
                                Result, Row>)
                        r -> RowFactory.create(Bytes.toLong(r.getRow(), 1), true))),
                counter(spark, "user.posts", "users", "posts", truth(spark, "posts_by_author", "f", (Function<
                                Result, Row>)
                        r -> RowFactory.create(Bytes.toLong(r.getRow(), 1), true))),
                counter(
                        spark,
                        "user.followers",
                        "users",
                        "followers",
                        truth(spark, "follow_edges_by_follower", "e", (Function<Result, Row>) r ->
                                RowFactory.create(Bytes.toLong(r.getRow(), 9), HBaseScans.flag(r, "e", "following")))),
                counter(
                        spark,
                        "user.following",
                        "users",
                        "following",
                        truth(spark, "follow_edges_by_follower", "e", (Function<Result, Row>) r ->
                                RowFactory.create(Bytes.toLong(r.getRow(), 1), HBaseScans.flag(r, "e", "following")))));
    }

    @Override
    public synchronized void add(AuditedCounter counter, long id, long delta) {
        try {
            if (connection == null) {
                connection = ConnectionFactory.createConnection(scans.configuration());
            }
            try (Table table = connection.getTable(TableName.valueOf(scans.namespace(), counter.table()))) {
                byte[] row = ByteBuffer.allocate(1 + Long.BYTES)
                        .put(HBaseScans.salt(id))
                        .putLong(id)
                        .array();
                table.increment(
                        new Increment(row).addColumn(Bytes.toBytes("c"), Bytes.toBytes(counter.column()), delta));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Map<String, String> readSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("store", "hbase namespace " + scans.namespace());
        settings.put("consistency", "strong (each region's primary)");
        settings.put("splits", "regions (TableInputFormat), scanner caching 1000, block cache off");
        return settings;
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private AuditedCounter counter(SparkSession spark, String name, String table, String column, Dataset<Row> truth) {
        Function<Result, Row> read = r -> {
            byte[] value = r.getValue(Bytes.toBytes("c"), Bytes.toBytes(column));
            return RowFactory.create(Bytes.toLong(r.getRow(), 1), value == null ? null : Bytes.toLong(value));
        };
        Dataset<Row> counters = spark.createDataFrame(
                        scans.rows(spark, table, "c").map(read), COUNTERS)
                .filter(col("counter").isNotNull());
        return new AuditedCounter(name, table, column, "id", counters, truth);
    }

    private Dataset<Row> truth(SparkSession spark, String table, String family, Function<Result, Row> decode) {
        return spark.createDataFrame(scans.rows(spark, table, family).map(decode), COUNTED)
                .groupBy(col("id"))
                .agg(
                        sum(when(col("counts"), 1L).otherwise(0L)).as("counted"),
                        count(lit(1)).as("rows"));
    }
}
