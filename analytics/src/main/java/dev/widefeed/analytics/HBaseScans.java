package dev.widefeed.analytics;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableInputFormat;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Whole-table reads of the service's HBase namespace with {@link TableInputFormat}: a split per
 * region, one family, scanner caching 1,000 rows, block cache off (a full scan must not evict the
 * service's hot blocks). Row keys follow the layouts {@code hbase-tables/} declares (docs/tables.md):
 * {@code salt | id (8 bytes) | ...}; flags are one byte, 0 false.
 */
final class HBaseScans {
    /** Every table read here is salted over 8 buckets (their {@code saltBuckets}). */
    private static final int SALT_BUCKETS = 8;

    private final String zookeeper;
    private final String namespace;

    HBaseScans(String zookeeper, String namespace) {
        this.zookeeper = zookeeper;
        this.namespace = namespace;
    }

    String namespace() {
        return namespace;
    }

    /** A table's rows, one family; read afresh each time the result is evaluated. */
    JavaRDD<Result> rows(SparkSession spark, String table, String family) {
        Configuration conf = configuration();
        conf.set(TableInputFormat.INPUT_TABLE, namespace + ":" + table);
        conf.set(TableInputFormat.SCAN_COLUMN_FAMILY, family);
        conf.set(TableInputFormat.SCAN_CACHEDROWS, "1000");
        conf.set(TableInputFormat.SCAN_CACHEBLOCKS, "false");
        return JavaSparkContext.fromSparkContext(spark.sparkContext())
                .newAPIHadoopRDD(conf, TableInputFormat.class, ImmutableBytesWritable.class, Result.class)
                .values();
    }

    Configuration configuration() {
        Configuration conf = HBaseConfiguration.create();
        String[] quorum = zookeeper.split(":");
        conf.set("hbase.zookeeper.quorum", quorum[0]);
        if (quorum.length > 1) {
            conf.set("hbase.zookeeper.property.clientPort", quorum[1]);
        }
        return conf;
    }

    static boolean flag(Result row, String family, String qualifier) {
        byte[] value = row.getValue(Bytes.toBytes(family), Bytes.toBytes(qualifier));
        return value != null && value.length == 1 && value[0] != 0;
    }

    /** A long cell, or null when the row lacks it. */
    static Long longCell(Result row, String family, String qualifier) {
        byte[] value = row.getValue(Bytes.toBytes(family), Bytes.toBytes(qualifier));
        return value == null || value.length != Long.BYTES ? null : Bytes.toLong(value);
    }

    /** A row's salt byte, as the service computes it (docs/tables.md, "Salting"). */
    static byte salt(long id) {
        return (byte) Math.floorMod(Long.hashCode(id * 0x9E3779B97F4A7C15L), SALT_BUCKETS);
    }
}
