package dev.widefeed.analytics;

import org.apache.spark.sql.SparkSession;

/** The store-specific readers and writers the jobs use, chosen by {@code --store}. */
final class Stores {
    private Stores() {}

    static CounterTables counterTables(SparkSession spark, AnalyticsMain.StoreOptions options) {
        return switch (options.store) {
            case "cassandra" -> new CassandraCounterTables(spark, options.keyspace);
            case "hbase" -> new HBaseCounterTables(options.zookeeper, options.namespace);
            default -> throw new IllegalArgumentException("--store must be cassandra or hbase, not " + options.store);
        };
    }

    static ProfileTables profileTables(AnalyticsMain.StoreOptions options) {
        return switch (options.store) {
            case "cassandra" -> new CassandraProfileTables(options.keyspace);
            case "hbase" -> new HBaseProfileTables(options.zookeeper, options.namespace);
            default -> throw new IllegalArgumentException("--store must be cassandra or hbase, not " + options.store);
        };
    }
}
