package dev.widefeed.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.stats.PowerLawFit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The graph profile on Spark against a real store holding a population that perf generated with a
 * known power-law exponent and loaded: the profile's fitted exponent is the generator's within 0.1,
 * and {@code perf generate --profile} on the profile makes a population with that exponent again.
 * Perf runs as its own process (its jar), as a capacity planner runs it. Run on every
 * {@link AnalyticsBackend}.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(AnalyticsBackend.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("store") // starts the service on real stores (docs/TESTING.md)
@Tag("slow")
class GraphProfileContract {
    private static final Path PERF_JAR =
            Path.of(System.getProperty("widefeed.analytics.perfJar", "../perf/target/widefeed-perf.jar"));
    private static final double EXPONENT = 2.2;
    private static final String USERS = "5000";

    /** Set before each backend's run: one instance (PER_CLASS) serves every backend, so no constructor takes it. */
    @Parameter
    private AnalyticsBackend backend;

    private ServiceProcess service;
    private SparkSession spark;

    @BeforeParameterizedClassInvocation
    void start() throws Exception {
        service = backend.service();
        spark = backend.spark(service);
    }

    @AfterParameterizedClassInvocation
    void stop() {
        spark.stop();
    }

    @Test
    void theProfileFindsTheGeneratorsExponentAndPerfGeneratesItAgain(@TempDir Path dir) throws Exception {
        Path population = dir.resolve("population");
        perf(
                dir,
                "generate",
                "--users",
                USERS,
                "--zipf-exponent",
                String.valueOf(EXPONENT),
                "--mean-followers",
                "8",
                "--celebrities",
                "none",
                "--seed",
                "5",
                "--events",
                "1000",
                "--out",
                population.toString());
        List<String> load = new ArrayList<>(List.of("load"));
        load.addAll(backend.perfStore(service));
        load.addAll(List.of("--keyspace", "widefeed", "--workload", population.toString(), "--history-hours", "0"));
        perf(dir, load.toArray(String[]::new));

        Path file = dir.resolve("profile.json");
        JsonNode profile = GraphProfile.run(spark, backend.profileTables(service), Instant.now(), file.toFile());

        double profiled =
                profile.get("followers").get("powerLaw").get("exponent").asDouble();
        PowerLawFit generated = PowerLawFit.of(followerCounts(population)).orElseThrow();
        assertThat(profiled)
                .as("the profile's exponent against the generator's")
                .isCloseTo(EXPONENT, within(0.1));
        assertThat(profiled).as("against the loaded population's own fit").isCloseTo(generated.exponent(), within(0.1));
        assertThat(profile.get("users").asLong()).isGreaterThanOrEqualTo(Long.parseLong(USERS));
        assertThat(profile.get("activeReaderShare").get("7d").asDouble()).isBetween(0.0, 1.0);
        assertThat(new ObjectMapper().readTree(file.toFile()).toString()).isEqualTo(profile.toString());

        Path calibrated = dir.resolve("calibrated");
        perf(
                dir,
                "generate",
                "--profile",
                file.toString(),
                "--seed",
                "9",
                "--events",
                "1000",
                "--out",
                calibrated.toString());
        int[] regenerated = followerCounts(calibrated);
        PowerLawFit again = PowerLawFit.of(regenerated).orElseThrow();
        assertThat(again.exponent()).as("perf's population from the profile").isCloseTo(profiled, within(0.1));
        double mean = Arrays.stream(regenerated).average().orElse(0);
        assertThat(mean)
                .isCloseTo(
                        profile.get("followers").get("mean").asDouble(),
                        within(0.1 * profile.get("followers").get("mean").asDouble()));
    }

    /** The follower counts a perf workload's {@code users.tsv.gz} lists, one per user. */
    private static int[] followerCounts(Path workload) throws IOException {
        List<Integer> counts = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(workload.resolve("users.tsv.gz"))), StandardCharsets.UTF_8))) {
            in.readLine(); // user, followers, reads_per_day, posts_per_day
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                counts.add(Integer.parseInt(line.split("\t", 3)[1]));
            }
        }
        return counts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void perf(Path dir, String... arguments) throws Exception {
        if (!Files.isRegularFile(PERF_JAR)) {
            throw new IllegalStateException(PERF_JAR + " is missing: build the perf module first (mvn package)");
        }
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g"));
        command.addAll(ServiceProcess.SHORT_LIVED_JVM);
        command.addAll(List.of("-jar", PERF_JAR.toAbsolutePath().toString()));
        command.addAll(List.of(arguments));
        Path log = dir.resolve("perf-" + arguments[0] + ".log");
        Process perf = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!perf.waitFor(10, TimeUnit.MINUTES)) {
            perf.destroyForcibly();
            throw new AssertionError("perf " + arguments[0] + " took over 10 minutes");
        }
        assertThat(perf.exitValue())
                .as("perf " + String.join(" ", arguments) + ":\n" + Files.readString(log))
                .isZero();
    }
}
