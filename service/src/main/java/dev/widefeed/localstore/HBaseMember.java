package dev.widefeed.localstore;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One process of the local HBase cluster the settings ask for when they want more than one region server: its
 * ZooKeeper, its master, and region servers 1 to n, each a JVM of its own on the configured host, so that one can be
 * killed while the others serve, as on separate machines. They share one root directory on the local file system,
 * where any region server reads any region's files and a live one splits a dead one's write-ahead log; each keeps
 * its configuration, log, temporary files and launch record in {@code cluster/<name>} under the data directory.
 *
 * @param port the port that tells the process runs: ZooKeeper's client port, the master's or the region server's
 *     RPC port (region server n: the configured one plus n - 1)
 */
record HBaseMember(Role role, String name, int port, Path dir, int heapMb) {

    /** What a member runs: each role's main class is the one HBase's own scripts start for it. */
    enum Role {
        ZOOKEEPER("org.apache.hadoop.hbase.zookeeper.HQuorumPeer"),
        MASTER("org.apache.hadoop.hbase.master.HMaster"),
        REGION_SERVER("org.apache.hadoop.hbase.regionserver.HRegionServer");

        final String mainClass;

        Role(String mainClass) {
            this.mainClass = mainClass;
        }
    }

    /** ZooKeeper's heap: it holds a few hundred small nodes. */
    static final int ZOOKEEPER_HEAP_MB = 256;
    /** The master's heap: it holds region states and runs procedures, no data. */
    static final int MASTER_HEAP_MB = 512;

    /** The members of the settings' cluster in start order: ZooKeeper, the master, then each region server. */
    static List<HBaseMember> plan(LocalHBase.Settings settings) {
        if (settings.regionServers() < 2) {
            throw new IllegalArgumentException("a local HBase cluster has at least two region servers, not "
                    + settings.regionServers() + " (one runs standalone, in a single process)");
        }
        Path cluster = settings.dataDir().resolve("cluster");
        List<HBaseMember> members = new ArrayList<>();
        members.add(new HBaseMember(
                Role.ZOOKEEPER,
                "zookeeper",
                settings.zookeeperPort(),
                cluster.resolve("zookeeper"),
                ZOOKEEPER_HEAP_MB));
        members.add(new HBaseMember(
                Role.MASTER, "master", settings.masterPort(), cluster.resolve("master"), MASTER_HEAP_MB));
        for (int n = 1; n <= settings.regionServers(); n++) {
            String name = "regionserver" + n;
            members.add(new HBaseMember(
                    Role.REGION_SERVER,
                    name,
                    settings.regionServerPort() + n - 1,
                    cluster.resolve(name),
                    settings.heapMb()));
        }
        return List.copyOf(members);
    }

    Path conf() {
        return dir.resolve("conf");
    }

    Path logFile() {
        return dir.resolve("logs").resolve(name + ".log");
    }
}
