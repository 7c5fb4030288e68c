package dev.widefeed.perf.results;

import java.util.List;

/** The {@code ceiling} scenario: the store's raw limits on this machine, the denominators of every ratio. */
public record CeilingResult(String backend, List<Operation> operations) {
    /** One raw operation driven closed-loop by {@code threads} threads for {@code seconds}. */
    public record Operation(
            String name,
            String description,
            int threads,
            double seconds,
            long operations,
            long errors,
            double opsPerSecond,
            LatencySummary latency) {}

    public Operation operation(String name) {
        return operations.stream()
                .filter(o -> o.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no ceiling operation " + name));
    }
}
