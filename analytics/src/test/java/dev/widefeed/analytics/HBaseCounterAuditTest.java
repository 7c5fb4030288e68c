package dev.widefeed.analytics;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

class HBaseCounterAuditTest extends CounterAuditContract {
    private static ServiceProcess service;
    private static Filled filled;
    private static SparkSession spark;
    private static Connection connection;

    @BeforeAll
    static void fill() throws Exception {
        service = ServiceProcess.hbase();
        filled = Filled.fill(new Rest(service), 60, 6, 7);
        spark = localSpark();
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", "127.0.0.1");
        conf.set("hbase.zookeeper.property.clientPort", String.valueOf(service.storePort));
        connection = ConnectionFactory.createConnection(conf);
    }

    @AfterAll
    static void stop() throws IOException {
        connection.close();
        spark.stop();
    }

    @Override
    protected ServiceProcess service() {
        return service;
    }

    @Override
    protected Filled filled() {
        return filled;
    }

    @Override
    protected SparkSession spark() {
        return spark;
    }

    @Override
    protected CounterTables counterTables() {
        return new HBaseCounterTables("127.0.0.1:" + service.storePort, "widefeed");
    }

    @Override
    protected void plant(String kind, String counter, long id, long delta) {
        byte[] row = ByteBuffer.allocate(1 + Long.BYTES).put(HBaseScans.salt(id)).putLong(id).array();
        try (Table table = connection.getTable(TableName.valueOf("widefeed", kind.equals("post") ? "posts" : "users"))) {
            table.increment(new Increment(row).addColumn(Bytes.toBytes("c"), Bytes.toBytes(counter), delta));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
