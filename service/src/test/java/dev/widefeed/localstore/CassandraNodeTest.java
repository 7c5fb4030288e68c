package dev.widefeed.localstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plan and cassandra.yaml of a local cluster's nodes: no node is started. */
class CassandraNodeTest {

    private static final Path DATA = Path.of("/tmp/widefeed-test/cassandra");
    private static final LocalCassandra.Settings THREE =
            new LocalCassandra.Settings(DATA, "127.0.0.1", 9042, 7000, 512, Duration.ofMinutes(2)).withNodes(3, 7199);

    @Test
    void eachNodeHasItsOwnLoopbackAddressDataDirectoryAndJmxPort() {
        List<CassandraNode> nodes = CassandraNode.plan(THREE);

        assertThat(nodes).extracting(CassandraNode::name).containsExactly("node1", "node2", "node3");
        assertThat(nodes).extracting(CassandraNode::host).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        assertThat(nodes)
                .extracting(CassandraNode::dataDir)
                .containsExactly(DATA.resolve("node1"), DATA.resolve("node2"), DATA.resolve("node3"));
        assertThat(nodes).extracting(CassandraNode::jmxPort).containsExactly(7199, 7200, 7201);
        assertThat(nodes).extracting(CassandraNode::isSeed).containsExactly(true, false, false);
    }

    @Test
    void aSingleNodeKeepsTheDataDirectoryAndHostItAlwaysHad() {
        List<CassandraNode> nodes = CassandraNode.plan(LocalCassandra.Settings.defaults(DATA));

        assertThat(nodes).singleElement().satisfies(node -> {
            assertThat(node.dataDir()).isEqualTo(DATA);
            assertThat(node.host()).isEqualTo("127.0.0.1");
            assertThat(node.jmxPort()).isZero();
            assertThat(node.initialTokens()).hasSize(CassandraNode.TOKENS_PER_NODE);
        });
    }

    @Test
    void theNodesDealTheRingOutInEqualParts() {
        List<BigInteger> all = new ArrayList<>();
        for (CassandraNode node : CassandraNode.plan(THREE)) {
            assertThat(node.initialTokens()).hasSize(16);
            node.initialTokens().forEach(token -> all.add(new BigInteger(token)));
        }
        all.sort(null);

        assertThat(all).doesNotHaveDuplicates().hasSize(48);
        assertThat(all.get(0)).isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
        BigInteger step = BigInteger.TWO.pow(64).divide(BigInteger.valueOf(48));
        for (int i = 1; i < all.size(); i++) {
            assertThat(all.get(i).subtract(all.get(i - 1)).subtract(step).abs()).isLessThanOrEqualTo(BigInteger.ONE);
        }
        assertThat(all.get(47)).isLessThanOrEqualTo(BigInteger.valueOf(Long.MAX_VALUE));
        // dealt in turn: the ring's first three parts go to node 1, 2 and 3
        assertThat(CassandraNode.tokens(2, 3).get(0)).isEqualTo(all.get(1).toString());
        assertThat(CassandraNode.tokens(3, 3).get(0)).isEqualTo(all.get(2).toString());
    }

    @Test
    void everyNodeSeedsFromNodeOneAndListensOnItsOwnAddressWithTheSamePorts() {
        List<CassandraNode> nodes = CassandraNode.plan(THREE);
        Map<String, Object> yaml = CassandraYaml.of(THREE, nodes.get(2), nodes.get(0));

        assertThat(yaml)
                .containsEntry("listen_address", "127.0.0.3")
                .containsEntry("rpc_address", "127.0.0.3")
                .containsEntry("native_transport_port", 9042)
                .containsEntry("storage_port", 7000)
                .containsEntry("endpoint_snitch", "SimpleSnitch")
                .containsEntry("num_tokens", 16)
                .containsEntry("auto_bootstrap", false)
                .containsEntry("initial_token", String.join(",", nodes.get(2).initialTokens()))
                .containsEntry(
                        "data_file_directories",
                        List.of(DATA.resolve("node3/data").toString()))
                .containsEntry(
                        "commitlog_directory", DATA.resolve("node3/commitlog").toString());
        assertThat(yaml.get("seed_provider").toString()).contains("seeds=127.0.0.1:7000");
    }

    @Test
    void aWriteIsAcknowledgedOnceItsCommitLogEntryIsSyncedUnlessPeriodicIsAsked() {
        CassandraNode node = CassandraNode.plan(THREE).get(0);
        assertThat(CassandraYaml.of(THREE, node, node))
                .containsEntry("commitlog_sync", "batch")
                .doesNotContainKey("commitlog_sync_period");
        LocalCassandra.Settings periodic = THREE.withCommitLogSync(CommitLogSync.PERIODIC);
        assertThat(CassandraYaml.of(periodic, node, node))
                .containsEntry("commitlog_sync", "periodic")
                .containsEntry("commitlog_sync_period", "10000ms");
    }

    @Test
    void aClusterNeedsJmxAndALoopbackHost() {
        assertThatThrownBy(() -> CassandraNode.plan(THREE.withNodes(3, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a JMX port");
        LocalCassandra.Settings elsewhere = new LocalCassandra.Settings(
                        DATA, "10.0.0.5", 9042, 7000, 512, Duration.ofMinutes(2))
                .withNodes(2, 7199);
        assertThatThrownBy(() -> CassandraNode.plan(elsewhere))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("loopback");
    }

    @Test
    void jmxAddressesAreReadWithoutSlashOrPort() {
        assertThat(NodeJmx.hosts(List.of("127.0.0.2", "/127.0.0.3", "127.0.0.1:7000")))
                .containsExactly("127.0.0.2", "127.0.0.3", "127.0.0.1");
        NodeJmx.RingView view = new NodeJmx.RingView(
                "NORMAL", List.of("127.0.0.1", "127.0.0.2"), List.of("127.0.0.2"), List.of(), List.of());
        assertThat(view.seesUpAndNormal("127.0.0.1")).isTrue();
        assertThat(view.seesUpAndNormal("127.0.0.2")).isFalse(); // joining
        assertThat(view.seesUpAndNormal("127.0.0.3")).isFalse(); // down
    }
}
