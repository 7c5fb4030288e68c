package dev.widefeed.perf.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The requests the store client has sent so far, as the store served them: Cassandra's CQL requests, HBase's RPCs;
 * in all and by what each was (a statement and its table, an RPC method and its table).
 */
public record StoreRequests(LongSupplier total, Supplier<Map<String, Long>> byStatement) {
    /** Each statement's requests since {@code before} (a {@link #byStatement} taken earlier), less {@code idle}. */
    static Map<String, Double> since(
            Map<String, Long> before, Map<String, Long> after, Map<String, Double> idlePerSecond, double seconds) {
        Map<String, Double> sent = new LinkedHashMap<>();
        after.forEach((statement, count) -> {
            double made =
                    count - before.getOrDefault(statement, 0L) - idlePerSecond.getOrDefault(statement, 0.0) * seconds;
            if (made > 0) {
                sent.put(statement, made);
            }
        });
        return sent;
    }

    /** {@code counts} less {@code taken}, statement by statement; none left below zero. */
    static Map<String, Double> less(Map<String, Double> counts, Map<String, Double> taken) {
        Map<String, Double> left = new LinkedHashMap<>();
        counts.forEach((statement, count) -> {
            double rest = count - taken.getOrDefault(statement, 0.0);
            if (rest > 0) {
                left.put(statement, rest);
            }
        });
        return left;
    }

    /** The {@code top} largest, each divided by {@code n} and rounded to a tenth, largest first; none under 0.05. */
    static Map<String, Double> top(Map<String, Double> counts, double n, int top) {
        Map<String, Double> largest = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .filter(e -> e.getValue() / n >= 0.05)
                .limit(top)
                .forEach(e -> largest.put(e.getKey(), Math.round(e.getValue() / n * 10) / 10.0));
        return largest;
    }
}
