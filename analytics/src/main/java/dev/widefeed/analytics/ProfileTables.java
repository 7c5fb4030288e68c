package dev.widefeed.analytics;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** What the graph profile reads of a store, as Spark frames of fixed columns. */
public interface ProfileTables {
    StructType USERS = new StructType().add("id", DataTypes.LongType);
    StructType EDGES = new StructType()
            .add("follower", DataTypes.LongType)
            .add("followee", DataTypes.LongType)
            .add("following", DataTypes.BooleanType);
    StructType READERS = new StructType()
            .add("id", DataTypes.LongType)
            .add("last_read", DataTypes.LongType)
            .add("read_count", DataTypes.DoubleType)
            .add("read_count_at", DataTypes.LongType);
    StructType POSTS = new StructType().add("author", DataTypes.LongType).add("created_at", DataTypes.LongType);

    /** Every account: {@link #USERS}. */
    Dataset<Row> users(SparkSession spark);

    /** Every follow edge ever made, live or not: {@link #EDGES}. */
    Dataset<Row> edges(SparkSession spark);

    /** Every home-timeline reader's state, times in epoch ms: {@link #READERS}. */
    Dataset<Row> readers(SparkSession spark);

    /** Every post, its time in epoch ms: {@link #POSTS}. */
    Dataset<Row> posts(SparkSession spark);

    /** Which store and keyspace or namespace, for the profile's {@code source}. */
    String source();
}
