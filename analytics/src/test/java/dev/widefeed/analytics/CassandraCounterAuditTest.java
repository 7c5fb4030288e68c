package dev.widefeed.analytics;

import com.datastax.oss.driver.api.core.CqlSession;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.net.InetSocketAddress;

class CassandraCounterAuditTest extends CounterAuditContract {
    private static ServiceProcess service;
    private static Filled filled;
    private static SparkSession spark;
    private static CqlSession session;

    @BeforeAll
    static void fill() throws Exception {
        service = ServiceProcess.cassandra();
        filled = Filled.fill(new Rest(service), 60, 6, 7);
        spark = localSpark("spark.cassandra.connection.host", "127.0.0.1",
                "spark.cassandra.connection.port", String.valueOf(service.storePort));
        session = CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", service.storePort))
                .withLocalDatacenter("datacenter1").withKeyspace("widefeed").build();
    }

    @AfterAll
    static void stop() {
        session.close();
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
        return new CassandraCounterTables(spark, "widefeed");
    }

    @Override
    protected void plant(String kind, String counter, long id, long delta) {
        String table = kind.equals("post") ? "post_counts_by_id" : "user_counts_by_id";
        session.execute("UPDATE " + table + " SET " + counter + " = " + counter + " + " + delta + " WHERE " + kind
                + "_id = " + id);
    }
}
