package dev.widefeed.localstore;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One node of the local Cassandra cluster the settings ask for. Node n listens on the n-th loopback address from
 * the configured host on (127.0.0.1, 127.0.0.2, ...: on Linux all of 127.0.0.0/8 is loopback), on the same ports
 * as every other node, so that each node is a separate endpoint to gossip and to the driver as on separate
 * machines. A single node keeps its data directly in the data directory, as before clusters existed; the nodes
 * of a cluster each keep theirs in {@code node1}, {@code node2} ... under it.
 *
 * @param jmxPort       the node's JMX (nodetool) port on 127.0.0.1, where Cassandra binds JMX whatever the node's
 *                      own address: the configured port plus the node's number less one; 0 for none
 * @param initialTokens the node's share of the ring, fixed rather than random so that every node owns as much
 */
record CassandraNode(int number, String host, Path dataDir, int jmxPort, List<String> initialTokens) {

    static final int TOKENS_PER_NODE = 16;
    /** Where Cassandra's local-only JMX listens: the loopback address, not the node's. */
    static final String JMX_HOST = "127.0.0.1";

    private static final BigInteger RING = BigInteger.TWO.pow(64);
    private static final BigInteger MIN_TOKEN = BigInteger.TWO.pow(63).negate();

    String name() {
        return "node" + number;
    }

    boolean isSeed() {
        return number == 1;
    }

    /** The nodes of the settings' cluster, node 1 (the seed) first. */
    static List<CassandraNode> plan(LocalCassandra.Settings settings) {
        int count = settings.nodes();
        if (count < 1) {
            throw new IllegalArgumentException("a Cassandra cluster has at least one node, not " + count);
        }
        if (count > 1 && settings.jmxPort() <= 0) {
            throw new IllegalArgumentException("a local cluster of " + count + " nodes needs a JMX port (jmxPort): "
                    + "it is how the launcher knows a node joined before the next one starts, and how nodetool "
                    + "reaches each node");
        }
        List<CassandraNode> nodes = new ArrayList<>();
        for (int number = 1; number <= count; number++) {
            nodes.add(new CassandraNode(
                    number,
                    count == 1 ? settings.host() : loopbackAlias(settings.host(), number - 1),
                    count == 1 ? settings.dataDir() : settings.dataDir().resolve("node" + number),
                    settings.jmxPort() <= 0 ? 0 : settings.jmxPort() + number - 1,
                    tokens(number, count)));
        }
        return List.copyOf(nodes);
    }

    /**
     * Node {@code number}'s tokens: the ring cut into {@code count * 16} equal parts, dealt out in turn (node 1 the
     * first part, node 2 the second ...), so each node owns an equal share however many there are.
     */
    static List<String> tokens(int number, int count) {
        int total = count * TOKENS_PER_NODE;
        List<String> tokens = new ArrayList<>();
        for (int part = number - 1; part < total; part += count) {
            tokens.add(MIN_TOKEN
                    .add(RING.multiply(BigInteger.valueOf(part)).divide(BigInteger.valueOf(total)))
                    .toString());
        }
        return List.copyOf(tokens);
    }

    /** {@code host} with {@code offset} added to its last part: 127.0.0.1 + 2 is 127.0.0.3. */
    static String loopbackAlias(String host, int offset) {
        String[] parts = host.split("\\.");
        if (parts.length != 4 || !parts[0].equals("127")) {
            throw new IllegalArgumentException("the nodes of a local cluster listen on loopback addresses after the "
                    + "configured host, which must then be one (127.x.y.z), not " + host);
        }
        int last = Integer.parseInt(parts[3]) + offset;
        if (last > 254) {
            throw new IllegalArgumentException("no loopback address " + offset + " after " + host);
        }
        return parts[0] + "." + parts[1] + "." + parts[2] + "." + last;
    }
}
