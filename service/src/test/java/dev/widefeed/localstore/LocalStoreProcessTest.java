package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a child is stopped: by its own stop request when it takes one (standalone HBase, whose shutdown hooks race
 * on SIGTERM), by SIGTERM otherwise. The child is a small JVM standing in for a store's process, not a store.
 */
class LocalStoreProcessTest {

    /** Says it is ready, then exits by itself once asked through a file; on a signal its shutdown hook says so. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> mark(dir.resolve("signalled"))));
            mark(dir.resolve("ready"));
            while (!Files.exists(dir.resolve("stop"))) {
                Thread.sleep(20);
            }
            Runtime.getRuntime().halt(0); // without the shutdown hooks: a stop taken, not a signal
        }

        private static void mark(Path file) {
            try {
                Files.createFile(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void aStoreThatTakesItsStopRequestStopsWithoutASignal(@TempDir Path dir) throws Exception {
        LocalStoreProcess child = launch(dir, () -> {
            Files.createFile(dir.resolve("stop"));
            return true;
        });

        child.close();

        assertThat(child.waitFor()).isZero();
        assertThat(dir.resolve("signalled")).doesNotExist();
    }

    @Test
    void aStoreThatCannotTakeItIsStoppedWithSigterm(@TempDir Path dir) throws Exception {
        LocalStoreProcess child = launch(dir, () -> {
            throw new IOException("the store does not answer");
        });

        child.close();

        assertThat(child.waitFor()).as("128 + SIGTERM").isEqualTo(143);
        assertThat(dir.resolve("signalled")).exists();
    }

    private static LocalStoreProcess launch(Path dir, LocalStoreProcess.StopRequest stop) throws Exception {
        // The child needs nothing but the JDK and its own class.
        List<Path> classpath = List.of(Path.of(
                Child.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        LocalStoreProcess child = LocalStoreProcess.launch(new LocalStoreProcess.Launch(
                "a stand-in",
                "1",
                "nowhere",
                new StoreClasspath("the test classpath", classpath),
                List.of(),
                List.of("-Xmx32m"),
                Child.class.getName(),
                List.of(dir.toString()),
                dir,
                dir.resolve("child.log"),
                "127.0.0.1",
                Map.of(),
                stop));
        await("the child ready").atMost(Duration.ofSeconds(30)).until(() -> Files.exists(dir.resolve("ready")));
        return child;
    }
}
