package dev.widefeed.analytics;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;

import com.datastax.spark.connector.japi.CassandraJavaUtil;
import com.datastax.spark.connector.japi.CassandraRow;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;

/**
 * The profile's tables on Cassandra: {@code users_by_id}, {@code follow_edges_by_follower},
 * {@code posts_by_id}, and the reader state kept in the static columns of
 * {@code home_timeline_by_user}, read one row per partition ({@code PER PARTITION LIMIT 1}) so no
 * inbox is read whole.
 */
public final class CassandraProfileTables implements ProfileTables {
    private final String keyspace;

    public CassandraProfileTables(String keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public Dataset<Row> users(SparkSession spark) {
        return table(spark, "users_by_id").select(col("user_id").as("id"));
    }

    @Override
    public Dataset<Row> edges(SparkSession spark) {
        return table(spark, "follow_edges_by_follower")
                .select(col("follower_id").as("follower"), col("followee_id").as("followee"), col("following"));
    }

    @Override
    public Dataset<Row> readers(SparkSession spark) {
        JavaRDD<Row> state = CassandraJavaUtil.javaFunctions(spark.sparkContext())
                .cassandraTable(keyspace, "home_timeline_by_user")
                .select("user_id", "last_read", "read_count", "read_count_at")
                .perPartitionLimit(1L)
                .map(CassandraProfileTables::reader);
        return spark.createDataFrame(state, READERS);
    }

    @Override
    public Dataset<Row> posts(SparkSession spark) {
        return table(spark, "posts_by_id")
                .select(
                        col("author_id").as("author"),
                        expr("unix_millis(created_at)").as("created_at"));
    }

    @Override
    public String source() {
        return "cassandra keyspace " + keyspace;
    }

    private static Row reader(CassandraRow row) {
        return RowFactory.create(
                row.getLong("user_id"),
                row.isNullAt("last_read") ? null : row.getDate("last_read").getTime(),
                row.isNullAt("read_count") ? 0.0 : row.getDouble("read_count"),
                row.isNullAt("read_count_at")
                        ? null
                        : row.getDate("read_count_at").getTime());
    }

    private Dataset<Row> table(SparkSession spark, String table) {
        return spark.read()
                .format("org.apache.spark.sql.cassandra")
                .option("keyspace", keyspace)
                .option("table", table)
                .load();
    }
}
