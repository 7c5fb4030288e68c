package dev.widefeed.analytics;

import org.apache.hadoop.hbase.util.Bytes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;

/**
 * The profile's tables on HBase: {@code users}, {@code follow_edges_by_follower}, {@code posts},
 * and the reader state: the family {@code s} of {@code home_timeline_by_user}, which only each
 * reader's state row (keyed by the user alone) has, so a scan of that family reads no inbox.
 */
public final class HBaseProfileTables implements ProfileTables {
    private final HBaseScans scans;

    public HBaseProfileTables(String zookeeper, String namespace) {
        this.scans = new HBaseScans(zookeeper, namespace);
    }

    @Override
    public Dataset<Row> users(SparkSession spark) {
        return spark.createDataFrame(
                scans.rows(spark, "users", "p").map(r -> RowFactory.create(Bytes.toLong(r.getRow(), 1))), USERS);
    }

    @Override
    public Dataset<Row> edges(SparkSession spark) {
        return spark.createDataFrame(
                scans.rows(spark, "follow_edges_by_follower", "e")
                        .map(r -> RowFactory.create(
                                Bytes.toLong(r.getRow(), 1),
                                Bytes.toLong(r.getRow(), 9),
                                HBaseScans.flag(r, "e", "following"))),
                EDGES);
    }

    @Override
    public Dataset<Row> readers(SparkSession spark) {
        return spark.createDataFrame(
                scans.rows(spark, "home_timeline_by_user", "s").map(r -> {
                    byte[] count = r.getValue(Bytes.toBytes("s"), Bytes.toBytes("read_count"));
                    return RowFactory.create(
                            Bytes.toLong(r.getRow(), 1),
                            HBaseScans.longCell(r, "s", "last_read"),
                            count == null || count.length != Double.BYTES ? 0.0 : Bytes.toDouble(count),
                            HBaseScans.longCell(r, "s", "read_count_at"));
                }),
                READERS);
    }

    @Override
    public Dataset<Row> posts(SparkSession spark) {
        return spark.createDataFrame(
                scans.rows(spark, "posts", "p")
                        .map(r -> RowFactory.create(
                                HBaseScans.longCell(r, "p", "author_id"), HBaseScans.longCell(r, "p", "created_at"))),
                POSTS);
    }

    @Override
    public String source() {
        return "hbase namespace " + scans.namespace();
    }
}
