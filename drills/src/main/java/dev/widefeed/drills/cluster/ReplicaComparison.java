package dev.widefeed.drills.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The copies of one table, one per node (each row's key and a digest of its values), compared row by row: a row
 * differs when a node lacks it or holds other values. Plain logic, apart from reading the copies.
 */
final class ReplicaComparison {
    /** One table: rows seen on any node, rows that differ between copies, and the first such row. */
    record Result(String table, int copies, long rows, long differing, String example) {}

    private ReplicaComparison() {}

    /** @param copies by node name, each row key to its digest */
    static Result compare(String table, Map<String, Map<String, String>> copies) {
        TreeSet<String> keys = new TreeSet<>();
        copies.values().forEach(copy -> keys.addAll(copy.keySet()));
        long differing = 0;
        String example = "";
        for (String key : keys) {
            List<String> digests = new ArrayList<>();
            copies.values().forEach(copy -> digests.add(copy.get(key)));
            if (digests.stream().distinct().count() > 1) {
                differing++;
                if (example.isEmpty()) {
                    example = table + " row " + key + ": " + describe(copies, key);
                }
            }
        }
        return new Result(table, copies.size(), keys.size(), differing, example);
    }

    /** Which node holds what of one row: "node1 a1b2, node2 missing, node3 a1b2". */
    private static String describe(Map<String, Map<String, String>> copies, String key) {
        List<String> parts = new ArrayList<>();
        copies.forEach((node, copy) -> {
            String digest = copy.get(key);
            parts.add(node + " " + (digest == null ? "missing" : digest.substring(0, Math.min(8, digest.length()))));
        });
        return String.join(", ", parts);
    }
}
