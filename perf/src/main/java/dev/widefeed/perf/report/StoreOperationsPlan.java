package dev.widefeed.perf.report;

import java.util.List;

/**
 * Store nodes from the store's own work: the operations each event of the mix made at the steady knee (counted at the
 * storage interfaces, background included) times the rate to plan for and the replicas, over what one store node did
 * in the same run's ceiling scenario. The ceiling taken is the lower of the single-row insert and the one-page read,
 * the two kinds nearly every operation of the mix is: conservative for a mix of both.
 *
 * @param operationsPerEvent store operations per event at the knee
 * @param ceilingPerSecond   one store node's operations per second (the lower of insert and read)
 * @param ceilingName        which ceiling that was
 */
public record StoreOperationsPlan(
        double operationsPerEvent,
        double ceilingPerSecond,
        String ceilingName,
        double headroom,
        int replicationFactor,
        double targetRate) {
    /** Keeps 10.000000000000002 from becoming 11 nodes. */
    private static final double ROUNDING_SLACK = 1e-9;

    public StoreOperationsPlan {
        if (!(operationsPerEvent > 0)
                || !(ceilingPerSecond > 0)
                || Double.isInfinite(operationsPerEvent)
                || Double.isInfinite(ceilingPerSecond)) {
            throw new IllegalArgumentException("operations per event and the ceiling must be finite and above 0");
        }
        if (!(headroom > 0 && headroom <= 1) || replicationFactor < 1 || !(targetRate > 0)) {
            throw new IllegalArgumentException("bad headroom, replication factor or target rate");
        }
    }

    /** Store operations per second the cluster serves, every one on each replica. */
    public double replicatedOperations() {
        return targetRate * operationsPerEvent * replicationFactor;
    }

    /** Operations per second one node is planned to serve. */
    public double perNodeSustainable() {
        return ceilingPerSecond * headroom;
    }

    /** Nodes needed, at least one per replica. */
    public long nodes() {
        return Math.max(
                replicationFactor, (long) Math.ceil(replicatedOperations() / perNodeSustainable() - ROUNDING_SLACK));
    }

    public List<String> lines() {
        return List.of(
                "Measured: at the steady knee each event of this mix made " + Fmt.num(operationsPerEvent, 1)
                        + " store operations (counted at the storage interfaces, background work included), and"
                        + " one store node did " + Fmt.num(ceilingPerSecond, 0) + " operations/s in this run's "
                        + ceilingName + " ceiling (the lower of single-row inserts and one-page reads).",
                "Store operations: " + Fmt.num(targetRate, 0) + " events/s × " + Fmt.num(operationsPerEvent, 1)
                        + " × " + replicationFactor + " replicas = " + Fmt.num(replicatedOperations(), 0)
                        + " operations/s; at " + Fmt.num(headroom * 100, 0) + " % of the ceiling, "
                        + Fmt.num(perNodeSustainable(), 0) + " per node: " + nodes() + " nodes.");
    }
}
