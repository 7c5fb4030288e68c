package dev.widefeed.perf.report;

import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.RunManifest;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.scenario.CeilingScenario;
import dev.widefeed.perf.workload.EventKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The report's capacity statement: a {@link CapacityPlan} when the run measured a knee and names a rate to plan
 * for, otherwise a sentence saying what is missing.
 *
 * @param plan     empty when no estimate could be made
 * @param headline the answer, or why there is none
 * @param notes    the assumptions behind the answer
 */
record Capacity(
        Optional<CapacityPlan> plan, Optional<StoreOperationsPlan> byOperations, String headline, List<String> notes) {

    String statement() {
        return notes.isEmpty() ? headline : headline + " " + String.join(" ", notes);
    }

    static Capacity of(RunData run, CapacityPlan.Assumptions assumptions) {
        if (run.steady().isEmpty()) {
            return none("No capacity estimate: it is extrapolated from the steady scenario's knee, and this run has"
                    + " no steady.json. Run `perf steady`.");
        }
        SteadyResult steady = run.steady().get();
        Optional<ReplayResult> knee = SteadyPoints.atKnee(steady);
        if (knee.isEmpty()) {
            return none("No capacity estimate: the node kept up with none of the offered rates (rule: "
                    + steady.kneeRule() + "). Run `perf steady` with lower rates.");
        }
        // The knee is an offered rate; what the node actually did there can be a little less.
        double measured = Math.min(steady.kneeRate(), knee.get().achievedRate());
        if (!(measured > 0)) {
            return none("No capacity estimate: the steady knee point achieved no events.");
        }
        Optional<WorkloadInfo> workload = run.manifest().flatMap(WorkloadInfo::of);
        Double rate = assumptions.eventsPerSecond() != null
                ? assumptions.eventsPerSecond()
                : workload.map(WorkloadInfo::eventsPerSecond).orElse(null);
        double perNode = measured * assumptions.headroom();
        if (rate == null) {
            return none("No workload rate to plan for: the run manifest carries no workload spec. One node kept up"
                    + " with " + Fmt.num(measured, 0) + " events/s; at " + Fmt.num(assumptions.headroom() * 100, 0)
                    + " % of that, " + Fmt.num(perNode, 0) + " events/s per node, R events/s need about ceil(R × "
                    + assumptions.replicationFactor() + " / " + Fmt.num(perNode, 0) + ") nodes.");
        }
        Long users = assumptions.users() != null
                ? assumptions.users()
                : workload.map(WorkloadInfo::users).orElse(null);
        CapacityPlan plan = new CapacityPlan(
                measured,
                assumptions.headroom(),
                assumptions.replicationFactor(),
                rate,
                users,
                writeShare(knee.get().byKind()));
        Optional<StoreOperationsPlan> byOperations = byOperations(run, steady, knee.get(), assumptions, rate);
        if (byOperations.isEmpty()) {
            return new Capacity(
                    Optional.of(plan),
                    Optional.empty(),
                    plan.headline(behaviour(workload), machine(run.manifest())),
                    plan.assumptions());
        }
        StoreOperationsPlan ops = byOperations.get();
        String headline = "For " + (users == null ? "" : Fmt.num(users, 0) + " users with ") + behaviour(workload)
                + " at " + Fmt.num(rate, 0) + " events/s you need about " + ops.nodes()
                + " store nodes of this machine's size (" + machine(run.manifest()) + "), by the store operations each"
                + " event costs.";
        List<String> notes = new ArrayList<>(ops.lines());
        notes.add("Cross-check from the steady knee, where one machine ran the service, the store and the load client"
                + " together: about " + plan.nodes() + " nodes.");
        notes.addAll(plan.assumptions());
        return new Capacity(Optional.of(plan), byOperations, headline, notes);
    }

    /**
     * The plan by store operations, when the run counted them at the knee (an in-process target) and measured the
     * store's insert and read ceilings.
     */
    private static Optional<StoreOperationsPlan> byOperations(
            RunData run, SteadyResult steady, ReplayResult knee, CapacityPlan.Assumptions assumptions, double rate) {
        int at = steady.points().indexOf(knee);
        List<Double> perEvent = steady.storeOperationsPerEvent();
        if (run.ceiling().isEmpty()
                || perEvent == null
                || at < 0
                || at >= perEvent.size()
                || perEvent.get(at) == null
                || !(perEvent.get(at) > 0)) {
            return Optional.empty();
        }
        CeilingResult ceiling = run.ceiling().get();
        Optional<CeilingResult.Operation> lower = ceiling.operations().stream()
                .filter(o -> o.name().equals(CeilingScenario.INSERT) || o.name().equals(CeilingScenario.READ))
                .filter(o -> o.opsPerSecond() > 0)
                .min(Comparator.comparingDouble(CeilingResult.Operation::opsPerSecond));
        return lower.map(o -> new StoreOperationsPlan(
                perEvent.get(at),
                o.opsPerSecond(),
                o.name(),
                assumptions.headroom(),
                assumptions.replicationFactor(),
                rate));
    }

    /** Share of writes among the workload's kinds measured at the knee; null if it measured none of them. */
    private static Double writeShare(Map<String, ReplayResult.KindResult> byKind) {
        long all = 0;
        long writes = 0;
        for (EventKind kind : EventKind.values()) {
            ReplayResult.KindResult result = byKind.get(kind.label());
            if (result != null) {
                all += result.count();
                writes += kind.isRead() ? 0 : result.count();
            }
        }
        return all == 0 ? null : (double) writes / all;
    }

    private static String behaviour(Optional<WorkloadInfo> workload) {
        return workload.filter(w -> w.preset() != null)
                .map(w -> "this behaviour (the " + w.preset() + " workload"
                        + (w.seed() == null ? "" : ", seed " + w.seed()) + ")")
                .orElse("this behaviour");
    }

    private static String machine(Optional<RunManifest> manifest) {
        return manifest.map(m -> m.cores() + " cores, " + Fmt.gib(m.memoryBytes()) + " memory")
                .orElse("size not recorded: no run manifest");
    }

    private static Capacity none(String why) {
        return new Capacity(Optional.empty(), Optional.empty(), why, List.of());
    }
}
