package dev.widefeed.perf;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.backends.StorageFactory;
import dev.widefeed.store.Storage;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The storage a perf run measures: by default a store the run starts itself under
 * {@code ./data/perf/}, on ports of its own so a developer's running service is left alone; or an
 * external store when {@code --external} points at it. The ports can be moved with the system properties
 * {@code widefeed.perf.cassandra.nativePort} / {@code storagePort} and {@code widefeed.perf.hbase.zookeeperPort} /
 * {@code masterPort} / {@code regionServerPort}.
 */
final class PerfStorage {
    private PerfStorage() {}

    static Storage open(StorageFactory.Backend backend, Path dataDir, String external) {
        return open(backend, dataDir, external, "widefeed_perf");
    }

    /** {@code keyspace} is the Cassandra keyspace or HBase namespace: a running service's, to replay over HTTP. */
    static Storage open(StorageFactory.Backend backend, Path dataDir, String external, String keyspace) {
        return open(backend, dataDir, external, keyspace, new MetricRegistry());
    }

    /** As above, with the store client's metrics (the Cassandra driver's {@code cassandra.cql-requests}) in {@code metrics}. */
    static Storage open(
            StorageFactory.Backend backend, Path dataDir, String external, String keyspace, MetricRegistry metrics) {
        StorageFactory factory = new StorageFactory();
        factory.backend = backend;
        factory.cassandra.keyspace = keyspace;
        factory.cassandra.embedded.dataDir = dataDir.resolve("cassandra").toString();
        factory.cassandra.embedded.nativePort = Integer.getInteger("widefeed.perf.cassandra.nativePort", 9142);
        factory.cassandra.embedded.storagePort = Integer.getInteger("widefeed.perf.cassandra.storagePort", 7100);
        factory.hbase.namespace = keyspace;
        factory.hbase.embedded.dataDir = dataDir.resolve("hbase").toString();
        factory.hbase.embedded.zookeeperPort = Integer.getInteger("widefeed.perf.hbase.zookeeperPort", 2281);
        factory.hbase.embedded.masterPort = Integer.getInteger("widefeed.perf.hbase.masterPort", 16300);
        factory.hbase.embedded.regionServerPort = Integer.getInteger("widefeed.perf.hbase.regionServerPort", 16320);
        if (external != null) {
            factory.cassandra.embedded.enabled = false;
            factory.hbase.embedded.enabled = false;
            factory.cassandra.contactPoints = external;
            factory.hbase.zookeeperQuorum = external;
        }
        return factory.open(metrics, Clock.systemUTC(), true);
    }
}
