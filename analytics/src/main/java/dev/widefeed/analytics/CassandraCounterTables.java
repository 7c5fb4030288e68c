package dev.widefeed.analytics;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.spark.connector.cql.CassandraConnector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The counters on Cassandra, read through the Spark Cassandra Connector (token-range splits, paged,
 * at {@code spark.cassandra.input.consistency.level}: LOCAL_ONE unless set), and corrected with
 * counter increments through the connector's session. What each counter counts is the rule the
 * service's reconcile follows (docs/tables.md names the tables).
 */
public final class CassandraCounterTables implements CounterTables {
    private final String keyspace;
    private final String consistency;
    private final CassandraConnector connector;
    private final Map<String, PreparedStatement> increments = new ConcurrentHashMap<>();
    private CqlSession session;

    public CassandraCounterTables(SparkSession spark, String keyspace) {
        this.keyspace = keyspace;
        this.consistency = spark.conf().get("spark.cassandra.input.consistency.level", "LOCAL_ONE");
        this.connector = CassandraConnector.apply(spark.sparkContext().getConf());
    }

    @Override
    public List<AuditedCounter> counters(SparkSession spark) {
        Dataset<Row> likes = table(spark, "likes_by_post");
        Dataset<Row> comments =
                table(spark, "comment_index").filter(col("obj_type").equalTo("post"));
        Dataset<Row> reposts = table(spark, "reposts_by_post");
        Dataset<Row> posts = table(spark, "posts_by_author");
        Dataset<Row> edges = table(spark, "follow_edges_by_follower");
        return List.of(
                counter(
                        spark,
                        "post.likes",
                        "post_counts_by_id",
                        "likes",
                        "post_id",
                        counted(likes, col("post_id"), col("liked"))),
                counter(
                        spark,
                        "post.comments",
                        "post_counts_by_id",
                        "comments",
                        "post_id",
                        counted(comments, col("obj_id"), col("state").equalTo(0))),
                counter(
                        spark,
                        "post.reposts",
                        "post_counts_by_id",
                        "reposts",
                        "post_id",
                        counted(reposts, col("post_id"), lit(true))),
                counter(
                        spark,
                        "user.posts",
                        "user_counts_by_id",
                        "posts",
                        "user_id",
                        counted(posts, col("author_id"), lit(true))),
                counter(
                        spark,
                        "user.followers",
                        "user_counts_by_id",
                        "followers",
                        "user_id",
                        counted(edges, col("followee_id"), col("following"))),
                counter(
                        spark,
                        "user.following",
                        "user_counts_by_id",
                        "following",
                        "user_id",
                        counted(edges, col("follower_id"), col("following"))));
    }

    @Override
    public synchronized void add(AuditedCounter counter, long id, long delta) {
        if (session == null) {
            session = connector.openSession();
        }
        PreparedStatement increment = increments.computeIfAbsent(
                counter.name(),
                name -> session.prepare("UPDATE " + keyspace + "." + counter.table() + " SET " + counter.column()
                        + " = " + counter.column() + " + ? WHERE " + counter.idColumn() + " = ?"));
        session.execute(increment.bind(delta, id).setIdempotent(false));
    }

    @Override
    public Map<String, String> readSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("store", "cassandra keyspace " + keyspace);
        settings.put("consistency", consistency);
        settings.put("splits", "token ranges (spark.cassandra.input.split.sizeInMB), paged by the driver");
        return settings;
    }

    @Override
    public synchronized void close() {
        if (session != null) {
            session.close();
        }
    }

    private AuditedCounter counter(
            SparkSession spark, String name, String table, String column, String idColumn, Dataset<Row> truth) {
        Dataset<Row> counters =
                table(spark, table).select(col(idColumn).as("id"), col(column).as("counter"));
        return new AuditedCounter(name, table, column, idColumn, counters, truth);
    }

    /** Per id: the rows that count ({@code when}) and all rows read. */
    private static Dataset<Row> counted(Dataset<Row> rows, Column id, Column when) {
        return rows.groupBy(id.as("id"))
                .agg(
                        sum(when(when, 1L).otherwise(0L)).as("counted"),
                        count(lit(1)).as("rows"));
    }

    private Dataset<Row> table(SparkSession spark, String table) {
        return spark.read()
                .format("org.apache.spark.sql.cassandra")
                .option("keyspace", keyspace)
                .option("table", table)
                .load();
    }
}
