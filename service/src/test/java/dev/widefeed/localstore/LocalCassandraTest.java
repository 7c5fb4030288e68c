package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.widefeed.testing.TestStores;
import dev.widefeed.testing.Tiers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

@Tag(Tiers.STORE)
@Tag(Tiers.SLOW)
class LocalCassandraTest {

    @Test
    void servesCqlFromARealNode() {
        LocalCassandra cassandra = TestStores.cassandra();
        assertThat(cassandra.releaseVersion()).isEqualTo("5.0.9");

        try (CqlSession session = CqlSession.builder()
                .addContactPoint(cassandra.contactPoint())
                .withLocalDatacenter(cassandra.localDatacenter())
                // Schema changes on a busy 2-core machine (other classes run beside this one) can take far longer than
                // the driver's default 2 s.
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMinutes(2))
                        .build())
                .build()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS localstore_test"
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute("CREATE TABLE IF NOT EXISTS localstore_test.greetings (id int PRIMARY KEY, text text)");
            session.execute("INSERT INTO localstore_test.greetings (id, text) VALUES (1, 'hello')");

            Row row = session.execute("SELECT text FROM localstore_test.greetings WHERE id = 1")
                    .one();

            assertThat(row).isNotNull();
            assertThat(row.getString("text")).isEqualTo("hello");
            // Not dropped: a drop flushes every dirty table on the suite's busy node (see CqlSchemaTest), and a second
            // run over the same store finds the keyspace and row as this one leaves them.
        }
    }

    @Test
    @ResourceLock(TestStores.CASSANDRA_DATA_DIR)
    void reusesTheNodeAlreadyListeningAndLeavesItRunning() {
        LocalCassandra running = TestStores.cassandra();

        try (LocalCassandra reused = LocalCassandra.start(running.settings())) {
            assertThat(reused.startedHere()).isFalse();
            assertThat(reused.logFile()).isEmpty();
        }

        assertThat(Ports.isListening(running.host(), running.port())).isTrue();
    }

    @Test
    void aPortHeldByAnotherProcessFailsTheStartWithTheLogTail(@TempDir Path dataDir) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
                ServerSocket free = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            int freeNativePort = free.getLocalPort();
            free.close();
            LocalCassandra.Settings settings = new LocalCassandra.Settings(
                            dataDir, "127.0.0.1", freeNativePort, taken.getLocalPort(), 256, Duration.ofMinutes(3))
                    .withJvmOptions(TestStores.SHORT_LIVED_JVM);

            assertThatThrownBy(() -> LocalCassandra.start(settings))
                    .isInstanceOf(LocalStoreException.class)
                    .hasMessageContaining("Cassandra exited with code")
                    .hasMessageContaining("storage port 127.0.0.1:" + taken.getLocalPort() + " is in use")
                    .hasMessageContaining("last 40 lines of " + dataDir.resolve("logs/cassandra.log"))
                    .hasMessageContaining("Fatal configuration error");
        }
    }
}
