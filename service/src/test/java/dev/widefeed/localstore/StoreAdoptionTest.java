package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A service killed with -9 leaves the store it launched running, with nobody to start it again if it dies. The
 * next start on the same data directory adopts it: it is supervised from then on (started again when it dies) and
 * stopped when the store is closed. The killed service is a JVM of its own ({@link Launcher}), killed as an
 * operator's {@code kill -9} or the out-of-memory killer would.
 */
@Tag(Tiers.STORE)
@Tag(Tiers.SLOW)
class StoreAdoptionTest {
    // A second Cassandra started beside the suite's stores and the classes running next to this one: on this 2-core
    // machine it has taken over two minutes to come up.
    private static final Duration START = Duration.ofMinutes(5);

    /** Starts a Cassandra node on the data directory and ports given, says its pid, and waits to be killed. */
    public static final class Launcher {
        public static void main(String[] args) throws InterruptedException {
            LocalCassandra cassandra = LocalCassandra.start(
                    settings(Path.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2])));
            System.out.println(
                    "store pid " + cassandra.status().orElseThrow().pid().orElseThrow());
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    void aStoreLeftRunningByAKilledServiceIsAdoptedSupervisedAndStopped(@TempDir Path dataDir) throws Exception {
        int nativePort = freePort();
        int storagePort = freePort();
        Path launcherLog = dataDir.resolve("launcher.log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(TestStores.SHORT_LIVED_JVM);
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                Launcher.class.getName(),
                dataDir.toString(),
                Integer.toString(nativePort),
                Integer.toString(storagePort)));
        Process launcher = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(launcherLog.toFile())
                .start();
        long storePid;
        try {
            storePid = awaitStorePid(launcher, launcherLog);
        } finally {
            launcher.destroyForcibly().waitFor(); // kill -9 of the service, with its store running
        }
        ProcessHandle left = ProcessHandle.of(storePid).orElseThrow();
        assertThat(left.isAlive())
                .as("the store the killed service left running")
                .isTrue();

        long restartedPid;
        try (LocalCassandra adopted = LocalCassandra.start(settings(dataDir, nativePort, storagePort))) {
            assertThat(adopted.startedHere()).as("adopted, so stopped with it").isTrue();
            assertThat(adopted.status().orElseThrow().pid()).hasValue(storePid);

            left.destroyForcibly(); // the adopted store dies: its supervisor starts it again
            StoreStatus again = await(adopted, status -> status.running() && status.restarts() == 1);
            restartedPid = again.pid().orElseThrow();
            assertThat(restartedPid).isNotEqualTo(storePid);
            assertThat(again.lastExit())
                    .hasValueSatisfying(exit -> assertThat(exit).contains("exit code unknown"));
            assertThat(Ports.isListening("127.0.0.1", nativePort)).isTrue();
        } finally {
            left.destroyForcibly();
        }
        assertThat(ProcessHandle.of(restartedPid).filter(ProcessHandle::isAlive))
                .as("the store started again, stopped with the store it was adopted into")
                .isEmpty();
    }

    @Test
    @ResourceLock(TestStores.CASSANDRA_DATA_DIR)
    void aStoreWhoseLauncherStillRunsIsReusedNotAdopted() {
        LocalCassandra running = TestStores.cassandra();
        assertThat(LaunchRecord.orphanIn(running.settings().dataDir())).isEmpty();
        try (LocalCassandra reused = LocalCassandra.start(running.settings())) {
            assertThat(reused.startedHere()).isFalse();
        }
        assertThat(Ports.isListening(running.host(), running.port())).isTrue();
    }

    private static LocalCassandra.Settings settings(Path dataDir, int nativePort, int storagePort) {
        return new LocalCassandra.Settings(dataDir, "127.0.0.1", nativePort, storagePort, 256, START)
                .withJvmOptions(TestStores.SHORT_LIVED_JVM);
    }

    private static long awaitStorePid(Process launcher, Path log) throws IOException {
        try {
            return Awaitility.await("the launcher's store pid")
                    .atMost(START)
                    .pollInterval(Duration.ofMillis(250))
                    .failFast("the launcher exited", () -> !launcher.isAlive())
                    .until(() -> storePidSaid(log), OptionalLong::isPresent)
                    .getAsLong();
        } catch (ConditionTimeoutException | TerminalFailureException e) {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
            throw new AssertionError(
                    "the launcher did not start its store: "
                            + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())),
                    e);
        }
    }

    private static OptionalLong storePidSaid(Path log) throws IOException {
        Optional<String> said = Files.exists(log)
                ? Files.readAllLines(log).stream()
                        .filter(line -> line.startsWith("store pid "))
                        .findFirst()
                : Optional.empty();
        return said.map(line -> OptionalLong.of(
                        Long.parseLong(line.substring("store pid ".length()).trim())))
                .orElse(OptionalLong.empty());
    }

    private static StoreStatus await(LocalCassandra store, Predicate<StoreStatus> wanted) {
        return Awaitility.await("store status")
                .atMost(START.plusSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> store.status().orElseThrow(), wanted);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }
}
