package dev.widefeed.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * How many store nodes a target load needs, extrapolated linearly from what one node was measured to sustain.
 * Every event counts as work on each of the {@code replicationFactor} replicas. That is exact for writes and too
 * much for reads at consistency ONE/LOCAL_ONE (one replica answers), so {@link #nodes()} is an upper bound and
 * {@link #nodesIfOnlyWritesReplicated()}, when the mix's write share is known, the lower end.
 *
 * @param measuredRate      events/s of the workload's mix one node kept up with (the steady knee)
 * @param headroom          share of its knee a production node is run at
 * @param targetRate        the events/s to plan for
 * @param users             users behind {@code targetRate}, or null when unknown
 * @param writeShare        share of the events that write, or null when unknown
 */
public record CapacityPlan(
        double measuredRate, double headroom, int replicationFactor, double targetRate, Long users, Double writeShare) {
    public static final double DEFAULT_HEADROOM = 0.7;
    public static final int DEFAULT_REPLICATION_FACTOR = 3;
    /** Keeps 10.000000000000002 from becoming 11 nodes. */
    private static final double ROUNDING_SLACK = 1e-9;

    /** What the report plans for; nulls are taken from the run's workload spec. */
    public record Assumptions(Double eventsPerSecond, Long users, double headroom, int replicationFactor) {
        public static final Assumptions DEFAULT =
                new Assumptions(null, null, DEFAULT_HEADROOM, DEFAULT_REPLICATION_FACTOR);
    }

    public CapacityPlan {
        if (!(measuredRate > 0) || Double.isInfinite(measuredRate)) {
            throw new IllegalArgumentException("measured rate must be a finite number above 0");
        }
        if (!(headroom > 0 && headroom <= 1)) {
            throw new IllegalArgumentException("headroom must be in (0, 1]");
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException("replication factor must be at least 1");
        }
        if (!(targetRate > 0) || Double.isInfinite(targetRate)) {
            throw new IllegalArgumentException("target rate must be a finite number above 0");
        }
        if (writeShare != null && !(writeShare >= 0 && writeShare <= 1)) {
            throw new IllegalArgumentException("write share must be in [0, 1]");
        }
    }

    /** Events/s one production node is planned to carry. */
    public double perNodeSustainable() {
        return measuredRate * headroom;
    }

    /** Node-level events/s the cluster must carry when every event is worked by every replica. */
    public double replicatedRate() {
        return targetRate * replicationFactor;
    }

    /** Nodes needed, at least one per replica. */
    public long nodes() {
        return nodesFor(replicatedRate());
    }

    /** Nodes needed if only writes were multiplied by the replication factor; empty without a write share. */
    public OptionalLong nodesIfOnlyWritesReplicated() {
        if (writeShare == null) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(nodesFor(targetRate * (writeShare * replicationFactor + (1 - writeShare))));
    }

    private long nodesFor(double nodeRate) {
        return Math.max(replicationFactor, (long) Math.ceil(nodeRate / perNodeSustainable() - ROUNDING_SLACK));
    }

    /**
     * The plan in one paragraph: the answer, then every assumption behind it.
     *
     * @param behaviour what the users do, e.g. "the read-heavy workload (seed 1)"
     * @param machine   the measured machine's size, e.g. "8 cores, 31.3 GiB memory"
     */
    public String statement(String behaviour, String machine) {
        return headline(behaviour, machine) + " " + String.join(" ", assumptions());
    }

    public String headline(String behaviour, String machine) {
        return "For " + (users == null ? "" : Fmt.num(users, 0) + " users with ") + behaviour + " at "
                + Fmt.num(targetRate, 0) + " events/s you need about " + nodes()
                + " store nodes of this machine's size ("
                + machine + ").";
    }

    public List<String> assumptions() {
        List<String> lines = new ArrayList<>();
        lines.add("Measured: one node kept up with " + Fmt.num(measuredRate, 0)
                + " events/s of this mix (the steady scenario's knee).");
        lines.add("Headroom: each node is planned at " + Fmt.num(headroom * 100, 0) + " % of its knee, "
                + Fmt.num(perNodeSustainable(), 0) + " events/s, leaving room for bursts, compaction and repair.");
        double exact = replicatedRate() / perNodeSustainable();
        lines.add("Replication: production keeps " + replicationFactor + " copies and every event is counted as work"
                + " on each of them: " + Fmt.num(targetRate, 0) + " × " + replicationFactor + " / "
                + Fmt.num(perNodeSustainable(), 0) + " = " + Fmt.num(exact, 1) + ", rounded up"
                + (Math.ceil(exact - ROUNDING_SLACK) < replicationFactor ? ", and at least one node per copy." : "."));
        lines.add("Reads at consistency ONE/LOCAL_ONE are answered by a single replica, so this is an upper bound"
                + nodesIfOnlyWritesReplicated().stream()
                        .mapToObj(k -> ": if only the writes ("
                                + Fmt.num(writeShare * 100, 1) + " % of the events) were multiplied, about " + k
                                + " nodes would do.")
                        .findFirst()
                        .orElse("."));
        lines.add("The single-node measurement ran the load client on the same machine as the store, competing for"
                + " its CPU and memory; the store alone may do somewhat better.");
        lines.add("Throughput is assumed to grow linearly with nodes; this run measured one node, not a cluster.");
        return lines;
    }
}
