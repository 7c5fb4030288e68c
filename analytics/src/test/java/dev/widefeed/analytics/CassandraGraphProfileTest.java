package dev.widefeed.analytics;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.util.List;

class CassandraGraphProfileTest extends GraphProfileContract {
    private static SparkSession spark;

    @BeforeAll
    static void start() throws Exception {
        spark = CounterAuditContract.localSpark("spark.cassandra.connection.host", "127.0.0.1",
                "spark.cassandra.connection.port", String.valueOf(ServiceProcess.cassandra().storePort));
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Override
    protected ServiceProcess service() throws Exception {
        return ServiceProcess.cassandra();
    }

    @Override
    protected List<String> perfStore() throws Exception {
        return List.of("--backend", "cassandra", "--external", "127.0.0.1:" + service().storePort);
    }

    @Override
    protected SparkSession spark() {
        return spark;
    }

    @Override
    protected ProfileTables tables() {
        return new CassandraProfileTables("widefeed");
    }
}
