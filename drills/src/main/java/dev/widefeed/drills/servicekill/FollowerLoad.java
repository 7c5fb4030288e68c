package dev.widefeed.drills.servicekill;

import dev.widefeed.drills.harness.ServiceRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An author with a given number of followers, in the drill service's own store. A hundred thousand followers cannot
 * be signed up over the API in reasonable time (a sign-up hashes a password on purpose slowly), so they are made as
 * an operator loading a population would: the perf module's jar generates a workload whose user 0 has exactly that
 * many followers ({@code perf generate --celebrities N}) and bulk-loads it into the running service's keyspace
 * ({@code perf load --external}). The load also leaves each recently active reader's home state and shares it onto
 * the edges they follow by, as reads would have: those followers are the ones a post of the author is pushed to.
 */
public final class FollowerLoad {
    public static final String PERF_JAR_PROPERTY = "widefeed.drills.perfJar";
    /** The handle perf's load gives workload user 0, the author. */
    static final String AUTHOR_HANDLE = "user0";
    /**
     * The service's keyspace (Cassandra) and namespace (HBase): config.yml's defaults, which the drill's service
     * keeps.
     */
    private static final String KEYSPACE = "widefeed";

    private FollowerLoad() {}

    /**
     * Generates and loads the author and their followers; returns when the load is done. Every follower follows the
     * author; half of them never read (perf's default dormant share), the others read many times a day, so about
     * half were active within the day and are pushed the author's posts.
     */
    static void load(ServiceRun service, int followers) throws IOException, InterruptedException {
        ServiceRun.Layout layout = service.layout();
        Path jar = perfJar(layout);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build first (mvn -B -ntp package -DskipTests)");
        }
        Path workload = layout.dataDir().resolve("workload");
        Path log = layout.dataDir().resolve("perf.log");
        // A fixed seed: the same population every run. Mean followers 1.5 over followers + 1 users leaves half a
        // follower each to the others beside the author's, so the load is mostly the author's edges.
        run(
                jar,
                log,
                Duration.ofMinutes(5),
                "generate",
                "--users",
                String.valueOf(followers + 1),
                "--celebrities",
                String.valueOf(followers),
                "--mean-followers",
                "1.5",
                "--events",
                "1000",
                "--seed",
                "7",
                "--out",
                workload.toString());
        run(
                jar,
                log,
                Duration.ofMinutes(40),
                "load",
                "--workload",
                workload.toString(),
                "--backend",
                layout.backend(),
                "--external",
                "127.0.0.1:" + layout.storePort(),
                "--keyspace",
                KEYSPACE,
                "--history-hours",
                "0",
                "--data",
                layout.dataDir().resolve("perf").toString());
    }

    /** perf's jar: {@code -Dwidefeed.drills.perfJar}, else the one the build put beside the service's module. */
    static Path perfJar(ServiceRun.Layout layout) {
        String given = System.getProperty(PERF_JAR_PROPERTY);
        if (given != null) {
            return Path.of(given);
        }
        Path serviceModule = layout.jar().toAbsolutePath().getParent().getParent(); // service/target/x.jar
        return serviceModule.resolveSibling("perf").resolve("target").resolve("widefeed-perf.jar");
    }

    private static void run(Path jar, Path log, Duration within, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx2g",
                "-jar",
                jar.toAbsolutePath().toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        process.getOutputStream().close();
        if (!process.waitFor(within.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "perf " + arguments[0] + " did not finish within " + within.toMinutes() + " min; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(
                    "perf " + arguments[0] + " exited with " + process.exitValue() + "; see " + log);
        }
    }
}
