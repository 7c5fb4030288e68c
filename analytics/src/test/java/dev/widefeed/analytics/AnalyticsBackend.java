package dev.widefeed.analytics;

import java.io.IOException;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * The backends the jobs' contracts run on, each a {@code @ParameterizedClass} over this enum: a new backend is a
 * constant here, giving the service on its store, Spark's settings for it and its tables in the jobs' terms.
 */
enum AnalyticsBackend {
    CASSANDRA {
        @Override
        ServiceProcess service() throws Exception {
            return ServiceProcess.cassandra();
        }

        @Override
        SparkSession spark(ServiceProcess service) {
            return localSpark(
                    "spark.cassandra.connection.host",
                    "127.0.0.1",
                    "spark.cassandra.connection.port",
                    String.valueOf(service.storePort));
        }

        @Override
        CounterTables counterTables(ServiceProcess service, SparkSession spark) {
            return new CassandraCounterTables(spark, "widefeed");
        }

        @Override
        CounterPlanter planter(ServiceProcess service) {
            return new CassandraCounterPlanter(service.storePort);
        }

        @Override
        ProfileTables profileTables(ServiceProcess service) {
            return new CassandraProfileTables("widefeed");
        }

        @Override
        List<String> perfStore(ServiceProcess service) {
            return List.of("--backend", "cassandra", "--external", "127.0.0.1:" + service.storePort);
        }
    },
    HBASE {
        @Override
        ServiceProcess service() throws Exception {
            return ServiceProcess.hbase();
        }

        @Override
        SparkSession spark(ServiceProcess service) {
            return localSpark();
        }

        @Override
        CounterTables counterTables(ServiceProcess service, SparkSession spark) {
            return new HBaseCounterTables("127.0.0.1:" + service.storePort, "widefeed");
        }

        @Override
        CounterPlanter planter(ServiceProcess service) throws IOException {
            return new HBaseCounterPlanter(service.storePort);
        }

        @Override
        ProfileTables profileTables(ServiceProcess service) {
            return new HBaseProfileTables("127.0.0.1:" + service.storePort, "widefeed");
        }

        @Override
        List<String> perfStore(ServiceProcess service) {
            return List.of("--backend", "hbase", "--external", "127.0.0.1:" + service.storePort);
        }
    };

    /** The service's jar on an embedded store of this backend, started once per test JVM. */
    abstract ServiceProcess service() throws Exception;

    /** A Spark session on this JVM that reads the service's store; the caller stops it. */
    abstract SparkSession spark(ServiceProcess service);

    abstract CounterTables counterTables(ServiceProcess service, SparkSession spark);

    /** A way to plant drift in the service's counters; the caller closes it. */
    abstract CounterPlanter planter(ServiceProcess service) throws IOException;

    abstract ProfileTables profileTables(ServiceProcess service);

    /** perf's {@code --backend} and {@code --external} for the service's store. */
    abstract List<String> perfStore(ServiceProcess service);

    /** A Spark session on this JVM, two cores, the given store settings. */
    private static SparkSession localSpark(String... settings) {
        SparkSession.Builder builder = SparkSession.builder()
                .master("local[2]")
                .appName("counter audit test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4");
        for (int i = 0; i + 1 < settings.length; i += 2) {
            builder.config(settings[i], settings[i + 1]);
        }
        return builder.getOrCreate();
    }
}
