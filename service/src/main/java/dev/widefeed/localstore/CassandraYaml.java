package dev.widefeed.localstore;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A local node's cassandra.yaml: only the keys a fast-starting local node (or node of a local cluster) needs;
 * everything else keeps Cassandra's defaults.
 */
final class CassandraYaml {

    private CassandraYaml() {}

    /** Under a node's data directory, where its keyspaces' tables lie. */
    static final String TABLES_DIR = "data";

    static Map<String, Object> of(LocalCassandra.Settings settings, CassandraNode node, CassandraNode seed) {
        Path data = node.dataDir();
        Map<String, Object> yaml = new LinkedHashMap<>();
        yaml.put("cluster_name", "widefeed-local");
        yaml.put("num_tokens", CassandraNode.TOKENS_PER_NODE);
        yaml.put("initial_token", String.join(",", node.initialTokens()));
        // A node of a fresh local cluster has nothing to stream from the others (a node added to a cluster that
        // holds data starts empty: repair it).
        yaml.put("auto_bootstrap", false);
        yaml.put("partitioner", "org.apache.cassandra.dht.Murmur3Partitioner");
        yaml.put("endpoint_snitch", "SimpleSnitch");
        yaml.put(
                "seed_provider",
                List.of(Map.of(
                        "class_name",
                        "org.apache.cassandra.locator.SimpleSeedProvider",
                        "parameters",
                        List.of(Map.of("seeds", seed.host() + ":" + settings.storagePort())))));
        yaml.put("listen_address", node.host());
        yaml.put("rpc_address", node.host());
        yaml.put("storage_port", settings.storagePort());
        yaml.put("native_transport_port", settings.nativePort());
        yaml.put("start_native_transport", true);
        yaml.put("data_file_directories", List.of(data.resolve(TABLES_DIR).toString()));
        yaml.put("commitlog_directory", data.resolve("commitlog").toString());
        yaml.put("saved_caches_directory", data.resolve("saved_caches").toString());
        yaml.put("hints_directory", data.resolve("hints").toString());
        yaml.put("cdc_raw_directory", data.resolve("cdc_raw").toString());
        yaml.put("commitlog_sync", settings.commitLogSync().yaml());
        if (settings.commitLogSync() == CommitLogSync.PERIODIC) {
            yaml.put("commitlog_sync_period", "10000ms");
        }
        // A fresh local cluster has no 4.x peers to stay compatible with.
        yaml.put("storage_compatibility_mode", "NONE");
        // Tests drop and recreate keyspaces all the time; snapshots on drop would only fill the disk.
        yaml.put("auto_snapshot", false);
        // Sized for a 2-core developer machine rather than a server.
        yaml.put("concurrent_reads", 8);
        yaml.put("concurrent_writes", 16);
        yaml.put("concurrent_counter_writes", 8);
        yaml.put("concurrent_compactors", 1);
        yaml.put("memtable_flush_writers", 1);
        yaml.put("key_cache_size", "16MiB");
        yaml.put("counter_cache_size", "8MiB");
        yaml.put("row_cache_size", "0MiB");
        return yaml;
    }
}
