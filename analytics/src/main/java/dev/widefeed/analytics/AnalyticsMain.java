package dev.widefeed.analytics;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The analytics jobs' command line, the same under {@code spark-submit} on a cluster and on this
 * machine ({@code local[*]} when no master is set):
 * <pre>
 * counter-audit --store cassandra --contact-points HOST:PORT --keyspace widefeed --out DIR [--apply]
 * counter-audit --store hbase --zookeeper HOST:PORT --namespace widefeed --out DIR [--apply]
 * graph-profile --store cassandra|hbase ... --out profile.json
 * </pre>
 */
@Command(
        name = "widefeed-analytics",
        mixinStandardHelpOptions = true,
        subcommands = {AnalyticsMain.CounterAuditCommand.class, AnalyticsMain.GraphProfileCommand.class})
public final class AnalyticsMain {

    public static void main(String[] args) {
        System.exit(new CommandLine(new AnalyticsMain())
                .setExecutionExceptionHandler((e, command, parsed) -> {
                    // A store that cannot be read (or a job that fails) ends the job with its reason, not a trace:
                    // nothing is left half-done that a rerun would not redo.
                    command.getErr().println(command.getCommandName() + ": stopped: " + rootCause(e));
                    return 3;
                })
                .execute(args));
    }

    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    }

    /** Where the tables are: options every job takes. */
    static final class StoreOptions {
        @Option(names = "--store", required = true, description = "cassandra or hbase")
        String store;

        @Option(
                names = "--contact-points",
                defaultValue = "127.0.0.1:9042",
                description = "Cassandra: host:port[,host:port...]")
        String contactPoints;

        @Option(names = "--datacenter", defaultValue = "datacenter1", description = "Cassandra: the local datacenter")
        String datacenter;

        @Option(names = "--keyspace", defaultValue = "widefeed", description = "Cassandra: the service's keyspace")
        String keyspace;

        @Option(names = "--zookeeper", defaultValue = "127.0.0.1:2181", description = "HBase: ZooKeeper host:port")
        String zookeeper;

        @Option(names = "--namespace", defaultValue = "widefeed", description = "HBase: the service's namespace")
        String namespace;

        @Option(
                names = "--consistency",
                defaultValue = "LOCAL_ONE",
                description = "Cassandra: what the scans read at (LOCAL_ONE: one replica; LOCAL_QUORUM: every"
                        + " acknowledged write)")
        String consistency;
    }

    @Command(
            name = "counter-audit",
            description = "Recount every like, comment, repost, post, follower and following"
                    + " count from its rows; report drift (Parquet) and, with --apply, correct it")
    static final class CounterAuditCommand implements Callable<Integer> {
        @CommandLine.Mixin
        StoreOptions store = new StoreOptions();

        @Option(names = "--out", required = true, description = "the directory for the drift report")
        String out;

        @Option(names = "--apply", description = "add each drifted counter's difference to it")
        boolean apply;

        @Option(
                names = "--reconcile-via",
                description = "with --apply: the service's admin address (e.g."
                        + " http://host:8081), whose reconcile corrects the counters that moved during the count; without"
                        + " it they are left for the next audit")
        URI reconcileVia;

        @Override
        public Integer call() {
            try (SparkSession spark = session("widefeed counter audit", store);
                    CounterTables tables = Stores.counterTables(spark, store)) {
                CounterAudit.Summary summary = CounterAudit.run(
                        spark,
                        tables,
                        out,
                        apply,
                        reconcileVia,
                        (counter, checked, rows) ->
                                System.out.printf("%s: %,d counters, %,d rows counted%n", counter, checked, rows));
                System.out.printf(
                        "counter audit of %s: %,d counters checked, %,d rows read in %.1f s (%,.0f rows/s);"
                                + " %,d drifted, %,d moving, %,d corrected, %,d reconciled by the service, %,d unknown;"
                                + " report: %s/drift%n",
                        tables.readSettings(),
                        summary.countersChecked(),
                        summary.rowsRead(),
                        summary.seconds(),
                        summary.rowsPerSecond(),
                        summary.drifted(),
                        summary.moving(),
                        summary.corrected(),
                        summary.reconciled(),
                        summary.failed(),
                        out);
                return summary.failed() == 0 ? 0 : 2;
            }
        }
    }

    @Command(
            name = "graph-profile",
            description = "Profile the follow graph and activity for capacity planners:"
                    + " a workload profile that `perf generate --profile` takes")
    static final class GraphProfileCommand implements Callable<Integer> {
        @CommandLine.Mixin
        StoreOptions store = new StoreOptions();

        @Option(names = "--out", required = true, description = "the profile file to write (JSON)")
        String out;

        @Override
        public Integer call() throws IOException {
            try (SparkSession spark = session("widefeed graph profile", store)) {
                long start = System.nanoTime();
                ObjectNode profile = GraphProfile.run(spark, Stores.profileTables(store), Instant.now(), new File(out));
                System.out.printf(
                        "graph profile of %s in %.1f s: %,d users, mean followers %.2f, max %,d, power-law"
                                + " exponent %.3f from %,d followers up (%,d users), %d celebrities; written to %s%n",
                        profile.get("source").asText(),
                        (System.nanoTime() - start) / 1e9,
                        profile.get("users").asLong(),
                        profile.get("followers").get("mean").asDouble(),
                        profile.get("followers").get("max").asLong(),
                        profile.get("followers").get("powerLaw").get("exponent").asDouble(),
                        profile.get("followers").get("powerLaw").get("xMin").asLong(),
                        profile.get("followers")
                                .get("powerLaw")
                                .get("tailUsers")
                                .asLong(),
                        profile.get("celebrities").size(),
                        out);
                return 0;
            }
        }
    }

    /** A Spark session: the master spark-submit gives, or local[*]; the store's connection settings. */
    static SparkSession session(String name, StoreOptions store) {
        SparkConf conf = new SparkConf().setAppName(name);
        if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        if (store.store.equals("cassandra")) {
            String[] first = store.contactPoints.split(",")[0].split(":");
            conf.setIfMissing("spark.cassandra.connection.host", hosts(store.contactPoints));
            conf.setIfMissing("spark.cassandra.connection.port", first.length > 1 ? first[1] : "9042");
            conf.setIfMissing("spark.cassandra.connection.localDC", store.datacenter);
            conf.setIfMissing("spark.cassandra.input.consistency.level", store.consistency);
        }
        return SparkSession.builder().config(conf).getOrCreate();
    }

    private static String hosts(String contactPoints) {
        StringBuilder hosts = new StringBuilder();
        for (String point : contactPoints.split(",")) {
            if (hosts.length() > 0) {
                hosts.append(',');
            }
            hosts.append(point.split(":")[0]);
        }
        return hosts.toString();
    }
}
