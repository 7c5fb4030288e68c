package dev.widefeed.drills.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.drills.harness.NodeTool;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * What Cassandra says of each table of the service's keyspace, and of {@code system.paxos} (where every
 * compare-and-set leaves its state), at one moment ({@code nodetool tablestats -F json}): SSTables, the mean local
 * read latency of the last few minutes (Cassandra's timers decay, so this is not a mean since the start),
 * tombstones met per read slice in the last five minutes. Taken at the end of a soak's first and last windows, it
 * places a p99 that drifts up: a table whose reads got slower, and whether its SSTables or tombstones grew with
 * them. Empty when nodetool does not answer: it explains a figure, it is not one.
 */
record StoreTables(Map<String, Table> tables) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One table: reads counted since the node started, their latency over the last minutes. */
    record Table(long sstables, long reads, double readMs, double tombstonesPerSlice, long liveBytes) {}

    static StoreTables take(Path dir, String name, int jmxPort, String keyspace) throws InterruptedException {
        try {
            NodeTool.Run run = NodeTool.run(
                    dir,
                    "tablestats-" + name,
                    jmxPort,
                    Duration.ofMinutes(1),
                    "tablestats",
                    "-F",
                    "json",
                    keyspace,
                    "system.paxos");
            return run.ok() ? parse(Files.readString(run.log())) : new StoreTables(Map.of());
        } catch (IOException | RuntimeException e) {
            return new StoreTables(Map.of());
        }
    }

    /** The JSON nodetool prints, after any lines its JVM logged before it. */
    static StoreTables parse(String output) throws IOException {
        int start = ("\n" + output).indexOf("\n{"); // where a line starts with the JSON's brace
        if (start < 0) {
            return new StoreTables(Map.of());
        }
        Map<String, Table> tables = new HashMap<>();
        JsonNode root = JSON.readTree(output.substring(start));
        for (Iterator<Map.Entry<String, JsonNode>> keyspaces = root.fields(); keyspaces.hasNext(); ) {
            Map.Entry<String, JsonNode> keyspace = keyspaces.next();
            JsonNode byTable = keyspace.getValue().path("tables");
            for (Iterator<Map.Entry<String, JsonNode>> it = byTable.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> table = it.next();
                JsonNode t = table.getValue();
                tables.put(
                        keyspace.getKey() + "." + table.getKey(),
                        new Table(
                                t.path("sstable_count").asLong(),
                                t.path("local_read_count").asLong(),
                                number(t.path("local_read_latency_ms")),
                                number(t.path("average_tombstones_per_slice_last_five_minutes")),
                                (long) number(t.path("space_used_live"))));
            }
        }
        return new StoreTables(tables);
    }

    /** Latencies come as text ("0.118", "NaN"), counts as numbers. */
    private static double number(JsonNode node) {
        if (node.isNumber()) {
            return node.asDouble();
        }
        try {
            return Double.parseDouble(node.asText());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * Prints the {@code top} tables whose recent mean read latency moved most from the end of the first window
     * ({@code first}) to the end of the last (this), with their SSTables, tombstones and live size at both.
     */
    void printMoved(PrintStream out, String label, StoreTables first, int top) {
        if (first.tables.isEmpty() || tables.isEmpty()) {
            out.printf("%s: no table statistics (nodetool did not answer)%n", label);
            return;
        }
        tables.entrySet().stream()
                .filter(e ->
                        first.tables.containsKey(e.getKey()) && e.getValue().reads() > 0)
                .sorted(Comparator.comparingDouble(
                                (Map.Entry<String, Table> e) -> moved(first.tables.get(e.getKey()), e.getValue()))
                        .reversed())
                .limit(top)
                .forEach(e -> {
                    Table before = first.tables.get(e.getKey());
                    Table after = e.getValue();
                    out.printf(
                            "%s: %s: reads %.3f -> %.3f ms, SSTables %d -> %d, tombstones/slice %.1f -> %.1f, "
                                    + "live %.1f -> %.1f MB%n",
                            label,
                            e.getKey(),
                            before.readMs(),
                            after.readMs(),
                            before.sstables(),
                            after.sstables(),
                            before.tombstonesPerSlice(),
                            after.tombstonesPerSlice(),
                            before.liveBytes() / 1e6,
                            after.liveBytes() / 1e6);
                });
    }

    /** How much slower a table's reads got; a table read in only one of the two windows sorts last. */
    private static double moved(Table before, Table after) {
        return Double.isNaN(before.readMs()) || Double.isNaN(after.readMs())
                ? Double.NEGATIVE_INFINITY
                : after.readMs() - before.readMs();
    }
}
