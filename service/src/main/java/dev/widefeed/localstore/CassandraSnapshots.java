package dev.widefeed.localstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.management.ObjectName;

/**
 * A local node's snapshots and imports, as {@code nodetool snapshot}, {@code clearsnapshot} and {@code import} make
 * them: over the node's JMX (plain JMX, no Cassandra class on our classpath), with the snapshot's files found in the
 * node's data directory. Only a single node with JMX has them here: a cluster's backup is a snapshot on every node.
 */
public final class CassandraSnapshots {
    private static final String[] SNAPSHOT_SIGNATURE = {
        String.class.getName(), Map.class.getName(), "[Ljava.lang.String;"
    };
    private static final String[] CLEAR_SIGNATURE = {String.class.getName(), "[Ljava.lang.String;"};
    private static final String[] IMPORT_SIGNATURE = {
        Set.class.getName(), "boolean", "boolean", "boolean", "boolean", "boolean", "boolean", "boolean"
    };

    private final int jmxPort;
    private final Path tablesRoot;

    CassandraSnapshots(int jmxPort, Path nodeDataDir) {
        this.jmxPort = jmxPort;
        this.tablesRoot = nodeDataDir.resolve(CassandraYaml.TABLES_DIR);
    }

    /** Flushes one table and hard-links its SSTables under {@code tag} (the table's own {@code snapshots/tag}). */
    public Path snapshot(String tag, String keyspace, String table) {
        NodeJmx.withServer(jmxPort, server -> {
            server.invoke(
                    new ObjectName(NodeJmx.STORAGE_SERVICE),
                    "takeSnapshot",
                    new Object[] {tag, Map.of("skipFlush", "false"), new String[] {keyspace + "." + table}},
                    SNAPSHOT_SIGNATURE);
            return null;
        });
        return snapshotDirectory(tag, keyspace, table);
    }

    /**
     * Where a table's snapshot lies: {@code <data>/<keyspace>/<table>-<id>/snapshots/<tag>}. A table dropped and made
     * again leaves a directory of the same name with another id, so the one holding the tag is the one.
     */
    Path snapshotDirectory(String tag, String keyspace, String table) {
        try (Stream<Path> tables = Files.list(tablesRoot.resolve(keyspace))) {
            return tables.filter(dir -> dir.getFileName().toString().startsWith(table + "-"))
                    .map(dir -> dir.resolve("snapshots").resolve(tag))
                    .filter(Files::isDirectory)
                    .findFirst()
                    .orElseThrow(() -> new LocalStoreException("no snapshot " + tag + " of " + keyspace + "." + table
                            + " under " + tablesRoot.resolve(keyspace)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + tablesRoot.resolve(keyspace), e);
        }
    }

    /** Removes the snapshot's hard links from every table of {@code keyspace} (the SSTables stay while live). */
    public void clear(String tag, String keyspace) {
        NodeJmx.withServer(jmxPort, server -> {
            server.invoke(
                    new ObjectName(NodeJmx.STORAGE_SERVICE),
                    "clearSnapshot",
                    new Object[] {tag, new String[] {keyspace}},
                    CLEAR_SIGNATURE);
            return null;
        });
    }

    /**
     * Loads the SSTables in {@code directory} into a live table, copying them (the directory is left as it was),
     * verified and with their levels and repair state reset, as {@code nodetool import --copy-data} does; returns
     * the directories that failed (none when all went in).
     */
    public List<String> importCopies(String keyspace, String table, Path directory) {
        return NodeJmx.withServer(jmxPort, server -> {
            Object failed = server.invoke(
                    new ObjectName("org.apache.cassandra.db:type=Tables,keyspace=" + keyspace + ",table=" + table),
                    "importNewSSTables",
                    // srcPaths, resetLevel, clearRepaired, verifySSTables, verifyTokens, invalidateCaches,
                    // extendedVerify, copyData
                    new Object[] {Set.of(directory.toString()), true, true, true, true, true, false, true},
                    IMPORT_SIGNATURE);
            List<String> dirs = new ArrayList<>();
            if (failed instanceof List<?> list) {
                list.forEach(dir -> dirs.add(String.valueOf(dir)));
            }
            return dirs;
        });
    }
}
