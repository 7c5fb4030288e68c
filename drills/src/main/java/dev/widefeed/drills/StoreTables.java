package dev.widefeed.drills;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
 * compare-and-set leaves its state), at one moment ({@code nodetool tablestats -F json}): SSTables, reads and writes
 * so far with their mean local latency, tombstones met per read slice. Two of them bound a window, so a p99 that
 * drifts up during a soak can be placed: a table whose reads got slower, and whether its SSTables or tombstones grew
 * with them. Empty when nodetool does not answer: it explains a figure, it is not one.
 */
record StoreTables(Map<String, Table> tables) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One table's counters; latencies are Cassandra's means since the node started. */
    record Table(long sstables, long reads, double readMs, long writes, double writeMs, double tombstonesPerSlice,
                 long liveBytes) {
        /** The mean read latency of the reads between {@code before} and this, in ms (NaN without reads). */
        double readMsSince(Table before) {
            long reads = this.reads - before.reads;
            return reads <= 0 ? Double.NaN : (readMs * this.reads - before.readMs * before.reads) / reads;
        }
    }

    static StoreTables take(Path dir, String name, int jmxPort, String keyspace) throws InterruptedException {
        try {
            NodeTool.Run run = NodeTool.run(dir, "tablestats-" + name, jmxPort, Duration.ofMinutes(1), "tablestats",
                    "-F", "json", keyspace, "system.paxos");
            return run.ok() ? parse(Files.readString(run.log())) : new StoreTables(Map.of());
        } catch (IOException | RuntimeException e) {
            return new StoreTables(Map.of());
        }
    }

    /** The JSON nodetool prints, after any lines its JVM logged before it. */
    static StoreTables parse(String output) throws IOException {
        int start = output.startsWith("{") ? 0 : output.indexOf("\n{") + 1;
        if (start <= 0 && !output.startsWith("{")) {
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
                tables.put(keyspace.getKey() + "." + table.getKey(), new Table(t.path("sstable_count").asLong(),
                        t.path("local_read_count").asLong(), number(t.path("local_read_latency_ms")),
                        t.path("local_write_count").asLong(), number(t.path("local_write_latency_ms")),
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
     * Prints the {@code top} tables whose mean read latency moved most from the first window ({@code firstStart} to
     * {@code firstEnd}) to the last ({@code lastStart} to this), with their SSTables and tombstones at both ends.
     */
    static void printMoved(PrintStream out, String label, StoreTables firstStart, StoreTables firstEnd,
                           StoreTables lastStart, StoreTables lastEnd, int top) {
        if (firstStart.tables.isEmpty() || firstEnd.tables.isEmpty() || lastStart.tables.isEmpty()
                || lastEnd.tables.isEmpty()) {
            out.printf("%s: no table statistics (nodetool did not answer)%n", label);
            return;
        }
        record Moved(String table, double first, double last, Table atFirst, Table atLast) {
            double moved() {
                return Double.isNaN(first) || Double.isNaN(last) ? Double.NEGATIVE_INFINITY : last - first;
            }
        }
        lastEnd.tables.entrySet().stream()
                .filter(e -> firstStart.tables.containsKey(e.getKey()) && firstEnd.tables.containsKey(e.getKey())
                        && lastStart.tables.containsKey(e.getKey()))
                .map(e -> new Moved(e.getKey(),
                        firstEnd.tables.get(e.getKey()).readMsSince(firstStart.tables.get(e.getKey())),
                        e.getValue().readMsSince(lastStart.tables.get(e.getKey())),
                        firstEnd.tables.get(e.getKey()), e.getValue()))
                .sorted(Comparator.comparingDouble(Moved::moved).reversed())
                .limit(top)
                .forEach(m -> out.printf("%s: %s: reads %.3f -> %.3f ms, SSTables %d -> %d, tombstones/slice %.1f -> "
                                + "%.1f, live %.1f -> %.1f MB%n", label, m.table(), m.first(), m.last(),
                        m.atFirst().sstables(), m.atLast().sstables(), m.atFirst().tombstonesPerSlice(),
                        m.atLast().tombstonesPerSlice(), m.atFirst().liveBytes() / 1e6, m.atLast().liveBytes() / 1e6));
    }
}
