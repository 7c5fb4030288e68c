package dev.widefeed.analytics;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.util.List;

class HBaseGraphProfileTest extends GraphProfileContract {
    private static SparkSession spark;

    @BeforeAll
    static void start() throws Exception {
        spark = CounterAuditContract.localSpark();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Override
    protected ServiceProcess service() throws Exception {
        return ServiceProcess.hbase();
    }

    @Override
    protected List<String> perfStore() throws Exception {
        return List.of("--backend", "hbase", "--external", "127.0.0.1:" + service().storePort);
    }

    @Override
    protected SparkSession spark() {
        return spark;
    }

    @Override
    protected ProfileTables tables() {
        try {
            return new HBaseProfileTables("127.0.0.1:" + service().storePort, "widefeed");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
