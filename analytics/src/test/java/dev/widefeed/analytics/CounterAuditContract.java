package dev.widefeed.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The counter audit on Spark ({@code local[2]}) against a real store that the service itself
 * filled: drift planted in 1,000 counters is reported exactly and corrected; counters that keep
 * moving during an audit are left alone, and the next audit finds nothing. It runs on every
 * {@link AnalyticsBackend}, which gives the service, the store's counter tables and a way to plant drift.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(AnalyticsBackend.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("store") // starts the service on real stores (docs/TESTING.md)
@Tag("slow")
class CounterAuditContract {
    private static final int PLANTED = 1_000;
    private static final List<String> POST_COUNTERS = List.of("likes", "comments", "reposts");
    private static final List<String> USER_COUNTERS = List.of("posts", "followers", "following");

    /** Set before each backend's run: one instance (PER_CLASS) serves every backend, so no constructor takes it. */
    @Parameter
    private AnalyticsBackend backend;
    /** The service on this backend's store, filled once per backend. */
    private ServiceProcess service;

    private Filled filled;
    private SparkSession spark;
    /** Drift straight in the store, as a lost or doubled increment leaves it. */
    private CounterPlanter planter;

    /**
     * Every backend's service, started and filled side by side before the first backend's audits: the service
     * recounts what a fill marked about a minute later ({@link ServiceProcess#awaitOwnRepairsSettled}), so a backend
     * filled beside the first has settled by its turn, instead of each waiting out its own minute; and much of a
     * service's start is its store's, waiting, which the other's start fills.
     */
    private static final Map<AnalyticsBackend, Filled> FILLED = new EnumMap<>(AnalyticsBackend.class);

    private static synchronized Filled filled(AnalyticsBackend backend) throws Exception {
        if (FILLED.isEmpty()) {
            // A thread per backend: the common pool has a single one on a 2-core machine.
            ExecutorService starters = Executors.newFixedThreadPool(AnalyticsBackend.values().length);
            try {
                Map<AnalyticsBackend, Future<Filled>> filling = new EnumMap<>(AnalyticsBackend.class);
                for (AnalyticsBackend each : AnalyticsBackend.values()) {
                    filling.put(each, starters.submit(() -> Filled.fill(new Rest(each.service()), 60, 6, 7)));
                }
                for (Map.Entry<AnalyticsBackend, Future<Filled>> each : filling.entrySet()) {
                    FILLED.put(each.getKey(), each.getValue().get());
                }
            } finally {
                starters.shutdownNow();
            }
        }
        return FILLED.get(backend);
    }

    @BeforeParameterizedClassInvocation
    void fill() throws Exception {
        service = backend.service();
        filled = filled(backend);
        spark = backend.spark(service);
        planter = backend.planter(service);
    }

    @AfterParameterizedClassInvocation
    void stop() {
        planter.close();
        spark.stop();
    }

    private CounterTables counterTables() {
        return backend.counterTables(service, spark);
    }

    @Test
    @Order(1)
    void driftPlantedInAThousandCountersIsReportedExactlyAndCorrected(@TempDir Path out) throws Exception {
        service.awaitOwnRepairsSettled(Duration.ofMinutes(3));
        assertThat(audit(out.resolve("clean"), false).drifted())
                .as(() -> "the product's own counters agree; the audit found " + driftRows(out.resolve("clean")))
                .isZero();
        Set<String> planted = plant(PLANTED, new Random(11));

        CounterAudit.Summary found = audit(out.resolve("found"), false);

        Set<String> reported = new HashSet<>();
        for (Row row :
                spark.read().parquet(out.resolve("found/drift").toString()).collectAsList()) {
            reported.add(row.getAs("counter") + " " + row.getAs("id") + " " + row.getAs("drift"));
            assertThat((String) row.getAs("state")).isEqualTo(CounterAudit.DRIFT);
        }
        assertThat(found.drifted()).isEqualTo(PLANTED);
        assertThat(reported).isEqualTo(planted);
        assertThat(found.rowsRead()).isPositive();

        CounterAudit.Summary applied = audit(out.resolve("applied"), true);

        assertThat(applied.corrected()).isEqualTo(PLANTED);
        assertThat(applied.failed()).isZero();
        assertThat(audit(out.resolve("after"), false).drifted()).isZero();
    }

    @Test
    @Order(2)
    void countersThatMoveDuringTheCountAreReconciledByTheServiceAndTheRestByTheirDifference(@TempDir Path out)
            throws Exception {
        service.awaitOwnRepairsSettled(Duration.ofMinutes(3));
        List<String> moved = filled.posts().subList(0, 5);
        Set<String> planted = plant(100, new Random(13), moved);
        for (String post : moved) {
            planter.plant("post", "comments", Long.parseLong(post), 3); // drifted, and about to move as well
        }
        Rest rest = new Rest(service);
        ObjectMapper json = new ObjectMapper();
        CounterAudit.Progress commentWhileCounting = (counter, checked, rows) -> {
            if (counter.equals("post.comments")) {
                // between the count and the second read of the counters: these counters move
                for (int i = 0; i < moved.size(); i++) {
                    try {
                        rest.send(
                                "POST",
                                "/v1/posts/" + moved.get(i) + "/comments",
                                filled.tokens().get(i),
                                json.createObjectNode().put("content", "while the audit counts"));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        };

        CounterAudit.Summary during;
        try (CounterTables tables = counterTables()) {
            during = CounterAudit.run(
                    spark, tables, out.resolve("during").toString(), true, service.admin(), commentWhileCounting);
        }

        assertThat(during.moving())
                .as("the counters commented on while counting")
                .isEqualTo(moved.size());
        assertThat(during.reconciled()).isEqualTo(moved.size());
        assertThat(during.corrected()).isEqualTo(planted.size());
        Set<String> corrected = new HashSet<>();
        Set<String> reconciled = new HashSet<>();
        for (Row row : spark.read()
                .parquet(out.resolve("during/corrections").toString())
                .collectAsList()) {
            String outcome = row.getAs("outcome");
            if (outcome.equals("applied")) {
                corrected.add(row.getAs("counter") + " " + row.getAs("id") + " " + row.getAs("delta"));
            } else {
                assertThat(outcome).isEqualTo("reconciled by the service");
                reconciled.add(row.getAs("counter") + " " + row.getAs("id"));
            }
        }
        assertThat(corrected).isEqualTo(planted);
        assertThat(reconciled)
                .containsExactlyInAnyOrderElementsOf(
                        moved.stream().map(p -> "post.comments " + p).toList());
        assertThat(audit(out.resolve("quiet"), false).drifted())
                .as("everything settled, nothing over-corrected")
                .isZero();
    }

    /** An audit's drift rows, for a failure's message: which counters, by how much, and how they were read. */
    private String driftRows(Path out) {
        return spark.read()
                .parquet(out.resolve("drift").toString())
                .collectAsList()
                .toString();
    }

    private CounterAudit.Summary audit(Path out, boolean apply) {
        try (CounterTables tables = counterTables()) {
            return CounterAudit.run(spark, tables, out.toString(), apply);
        }
    }

    private Set<String> plant(int n, Random random) {
        return plant(n, random, List.of());
    }

    /**
     * Adds a non-zero amount to {@code n} distinct counters (none of the posts {@code spared}); returns what the
     * audit should report for each.
     */
    private Set<String> plant(int n, Random random, List<String> spared) {
        List<String> all = new ArrayList<>();
        filled.posts().stream()
                .filter(p -> !spared.contains(p))
                .forEach(p -> POST_COUNTERS.forEach(c -> all.add("post " + c + " " + p)));
        filled.users().forEach(u -> USER_COUNTERS.forEach(c -> all.add("user " + c + " " + u)));
        assertThat(all.size()).as("counters to plant drift in").isGreaterThanOrEqualTo(n);
        Collections.shuffle(all, random);
        Set<String> expected = new HashSet<>();
        for (String target : all.subList(0, n)) {
            String[] parts = target.split(" ");
            long id = Long.parseLong(parts[2]);
            long delta = (random.nextInt(5) + 1L) * (random.nextBoolean() ? 1 : -1);
            planter.plant(parts[0], parts[1], id, delta);
            expected.add(parts[0] + "." + parts[1] + " " + id + " " + (-delta));
        }
        return expected;
    }
}
