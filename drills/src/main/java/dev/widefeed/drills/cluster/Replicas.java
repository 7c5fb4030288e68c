package dev.widefeed.drills.cluster;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every row of every table of a keyspace, read from each node's own copy (consistency NODE_LOCAL, sent to that
 * node), compared table by table. All reads of one comparison are made as of one moment ({@code now_in_seconds}),
 * so a row whose TTL runs out while the nodes are read is gone from every copy or from none. Meant for a quiet
 * cluster: a write landing between two nodes' reads would show as a difference.
 */
final class Replicas {
    /** The comparison of every table: how many, their rows, the rows that differ, and each table's result. */
    record Report(List<ReplicaComparison.Result> tables, double seconds) {
        long rows() {
            return tables.stream().mapToLong(ReplicaComparison.Result::rows).sum();
        }

        long differing() {
            return tables.stream()
                    .mapToLong(ReplicaComparison.Result::differing)
                    .sum();
        }

        String example() {
            return tables.stream()
                    .map(ReplicaComparison.Result::example)
                    .filter(e -> !e.isEmpty())
                    .findFirst()
                    .orElse("");
        }
    }

    private static final int PAGE = 1000;

    private Replicas() {}

    /** @param nodes each node's native address, node1 first */
    static Report compare(List<InetSocketAddress> nodes, String dataCenter, String keyspace) {
        long started = System.nanoTime();
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withString(DefaultDriverOption.PROTOCOL_VERSION, "V5") // now_in_seconds
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
                .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, PAGE)
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .build();
        try (CqlSession session = CqlSession.builder()
                .addContactPoints(nodes)
                .withLocalDatacenter(dataCenter)
                .withConfigLoader(config)
                .build()) {
            List<Node> targets = new ArrayList<>();
            for (InetSocketAddress address : nodes) {
                targets.add(session.getMetadata().getNodes().values().stream()
                        .filter(node -> node.getEndPoint().resolve().equals(address))
                        .findFirst()
                        .orElseThrow(() -> new IllegalStateException("the driver does not know the node " + address)));
            }
            Map<CqlIdentifier, TableMetadata> tables = new TreeMap<>(Comparator.comparing(CqlIdentifier::asInternal));
            tables.putAll(session.getMetadata()
                    .getKeyspace(keyspace)
                    .orElseThrow(() -> new IllegalStateException("no keyspace " + keyspace))
                    .getTables());
            int now = (int) (System.currentTimeMillis() / 1000);
            List<ReplicaComparison.Result> results = new ArrayList<>();
            for (TableMetadata table : tables.values()) {
                Map<String, Map<String, String>> copies = new LinkedHashMap<>();
                for (int i = 0; i < targets.size(); i++) {
                    copies.put("node" + (i + 1), copy(session, targets.get(i), table, now));
                }
                results.add(ReplicaComparison.compare(table.getName().asInternal(), copies));
            }
            return new Report(results, (System.nanoTime() - started) / 1e9);
        }
    }

    /** One node's copy of a table: each row's primary key (hex of its columns) to a digest of all its values. */
    private static Map<String, String> copy(CqlSession session, Node node, TableMetadata table, int now) {
        SimpleStatement select = SimpleStatement.newInstance(
                        "SELECT * FROM " + table.getKeyspace().asCql(true) + "."
                                + table.getName().asCql(true))
                .setConsistencyLevel(NodeLocal.NODE_LOCAL)
                .setNode(node)
                .setNowInSeconds(now);
        List<CqlIdentifier> key =
                table.getPrimaryKey().stream().map(ColumnMetadata::getName).toList();
        Map<String, String> rows = new HashMap<>();
        HexFormat hex = HexFormat.of();
        for (Row row : session.execute(select)) {
            List<String> parts = new ArrayList<>();
            for (CqlIdentifier column : key) {
                ByteBuffer value = row.getBytesUnsafe(column);
                parts.add(value == null ? "null" : hex.formatHex(bytes(value)));
            }
            rows.put(String.join(":", parts), digest(row));
        }
        return rows;
    }

    private static String digest(Row row) {
        MessageDigest digest = sha256();
        for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
            ByteBuffer value = row.getBytesUnsafe(i);
            byte[] bytes = value == null ? null : bytes(value);
            int length = bytes == null ? -1 : bytes.length;
            digest.update(ByteBuffer.allocate(4).putInt(length).array());
            if (bytes != null) {
                digest.update(bytes);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static byte[] bytes(ByteBuffer value) {
        ByteBuffer copy = value.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
