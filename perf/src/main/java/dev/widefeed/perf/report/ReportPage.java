package dev.widefeed.perf.report;

import static dev.widefeed.perf.report.Html.esc;

import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.LatencySummary;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.RunManifest;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.results.StrategiesResult;
import dev.widefeed.perf.scenario.CostScenario;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;

/** {@code report.html}: one self-contained page, charts inlined as SVG, no scripts, nothing fetched. */
final class ReportPage {
    static final String LATENCY_VS_THROUGHPUT = "chart-latency-vs-throughput";
    static final String LATENCY_OVER_TIME = "chart-latency-over-time";
    static final String FANOUT_COMPLETION = "chart-fanout-completion";
    static final String STRATEGY_COST = "chart-strategy-cost";
    private static final int WIDTH = 900;
    private static final int HEIGHT = 460;

    private static final String CSS = """
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1000px;margin:2em auto;\
            padding:0 1em;color:#222;line-height:1.45}
            h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd;padding-bottom:.2em}
            table{border-collapse:collapse;margin:.8em 0;font-size:.9em}
            th,td{border:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}
            th{background:#f4f4f4}td{font-variant-numeric:tabular-nums}
            tr.met td{background:#e9f7ec}tr.missed td{background:#fbeaea}tr.unmeasured td{color:#777}
            figure{margin:1.5em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:#555}
            .note{color:#8a6d00;background:#fff8e1;padding:.5em .8em;border-left:3px solid #e0b000}
            .headline{font-size:1.1em;font-weight:600}pre{background:#f6f6f6;padding:.8em;overflow:auto}
            code{background:#f1f1f1;padding:0 .2em}
            """;

    private final RunData run;
    private final StringBuilder out = new StringBuilder();

    private ReportPage(RunData run) {
        this.run = run;
    }

    static String html(RunData run, List<Ratio> ratios, Capacity capacity) {
        return new ReportPage(run).page(ratios, capacity);
    }

    private String page(List<Ratio> ratios, Capacity capacity) {
        out.append(
                        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>widefeed perf report: ")
                .append(esc(
                        run.directory().getFileName() == null
                                ? ""
                                : run.directory().getFileName().toString()))
                .append("</title>\n<style>\n")
                .append(CSS)
                .append("</style>\n</head>\n<body>\n");
        out.append("<h1>widefeed perf report</h1>\n<p>Run directory <code>")
                .append(esc(run.directory().toString()))
                .append("</code>")
                .append(run.manifest()
                        .map(m -> ", started " + esc(m.startedAt()))
                        .orElse(""))
                .append(".</p>\n");
        if (!run.problems().isEmpty()) {
            out.append("<div class=\"note\"><p>Files that could not be read (their sections are left out):</p><ul>\n");
            run.problems().forEach(p -> out.append("<li>").append(esc(p)).append("</li>\n"));
            out.append("</ul></div>\n");
        }
        goals(ratios);
        capacity(capacity);
        charts();
        manifest();
        ceiling();
        steady();
        celebrity();
        strategies();
        cost();
        hdrLogs();
        return out.append("</body>\n</html>\n").toString();
    }

    private void goals(List<Ratio> ratios) {
        out.append("<h2>Goals</h2>\n<section id=\"ratios\">\n");
        Html.Table table = new Html.Table("ratio", "measured", "goal", "met", "from");
        for (Ratio r : ratios) {
            table.classedRow(
                    r.value() == null ? "unmeasured" : r.met() ? "met" : "missed",
                    r.name(),
                    r.value() == null ? "not measured" : Fmt.num(r.value(), 3),
                    r.goal().toString(),
                    r.verdict(),
                    r.source());
        }
        out.append(table.html()).append("</section>\n");
    }

    private void capacity(Capacity capacity) {
        out.append("<h2>Capacity</h2>\n<section id=\"capacity\">\n<p class=\"headline\">")
                .append(esc(capacity.headline()))
                .append("</p>\n");
        if (!capacity.notes().isEmpty()) {
            out.append("<ul>\n");
            capacity.notes().forEach(n -> out.append("<li>").append(esc(n)).append("</li>\n"));
            out.append("</ul>\n");
        }
        out.append("</section>\n");
    }

    private void charts() {
        out.append("<h2>Charts</h2>\n");
        Optional<SteadyResult> steady = run.steady().filter(s -> !s.points().isEmpty());
        chart(
                LATENCY_VS_THROUGHPUT,
                steady.map(Charts::latencyVsThroughput),
                "Dashed: p50, solid: p99; response time counts from each operation's scheduled start.",
                run.steady().isPresent() ? "steady.json has no points" : "not run: <code>perf steady</code>");
        latencyOverTime();
        Optional<CelebrityResult> celebrity = run.celebrity()
                .filter(c -> c.completion() != null && !c.completion().isEmpty());
        chart(
                FANOUT_COMPLETION,
                celebrity.map(Charts::fanoutCompletion),
                "Rows written into followers' home timelines; dashed lines: when each delivery tier was done.",
                run.celebrity().isPresent()
                        ? "celebrity.json has no completion points"
                        : "not run: <code>perf celebrity</code>");
        strategyCost();
    }

    private void latencyOverTime() {
        Optional<CelebrityResult> celebrity = run.celebrity()
                .filter(c -> c.during() != null && !c.during().overTime().isEmpty());
        if (celebrity.isPresent()) {
            out.append(
                    figure(
                            LATENCY_OVER_TIME,
                            Charts.latencyOverTime(celebrity.get()),
                            "Background load of the"
                                    + " celebrity scenario: before the post at negative seconds, while its fan-out ran from 0."));
            return;
        }
        Optional<ReplayResult> point = run.steady()
                .flatMap(SteadyPoints::atKneeOrLast)
                .filter(p -> !p.overTime().isEmpty());
        String which = point.map(p -> "steady at " + Fmt.num(p.offeredRate(), 0) + " events/s offered ("
                        + (SteadyPoints.atKnee(run.steady().get()).isPresent() ? "the knee" : "the last point") + ")")
                .orElse("");
        String missing = run.celebrity().isPresent() || run.steady().isPresent()
                ? "no per-second points in " + (run.celebrity().isPresent() ? "celebrity.json" : "")
                        + (run.celebrity().isPresent() && run.steady().isPresent() ? " or " : "")
                        + (run.steady().isPresent() ? "steady.json" : "")
                : "not run: <code>perf celebrity</code> (or <code>perf steady</code> for steady load alone)";
        chart(
                LATENCY_OVER_TIME,
                point.map(p -> Charts.latencyOverTime(p, which)),
                (run.celebrity().isPresent() ? "The celebrity run has no per-second points; " : "No celebrity run; ")
                        + which + ".",
                missing);
    }

    private void strategyCost() {
        Optional<StrategiesResult> strategies =
                run.strategies().filter(s -> !s.strategies().isEmpty());
        if (strategies.isEmpty()) {
            missing(
                    STRATEGY_COST,
                    run.strategies().isPresent()
                            ? "strategies.json lists no strategies"
                            : "not run: <code>perf strategies</code>");
            return;
        }
        out.append("<figure id=\"")
                .append(STRATEGY_COST)
                .append("\">\n")
                .append(Svg.of(Charts.strategyCostCurve(strategies.get()), STRATEGY_COST + "-curve", WIDTH, HEIGHT))
                .append('\n')
                .append(Svg.of(Charts.strategyOperations(strategies.get()), STRATEGY_COST + "-ops", WIDTH, 360))
                .append("\n<figcaption>Each strategy's read cost (partitions a home read touches) against its write"
                        + " cost (rows written per event), after Feeding Frenzy; below, store operations per event"
                        + " (one storage call = one operation).</figcaption>\n</figure>\n");
    }

    /** A chart with its caption, or {@code missingNote} (HTML, from this class only) when there is no chart. */
    private void chart(String id, Optional<JFreeChart> chart, String caption, String missingNote) {
        if (chart.isEmpty()) {
            missing(id, missingNote);
        } else {
            out.append(figure(id, chart.get(), caption));
        }
    }

    private static String figure(String id, JFreeChart chart, String caption) {
        return "<figure id=\"" + id + "\">\n" + Svg.of(chart, id, WIDTH, HEIGHT) + "\n<figcaption>" + esc(caption)
                + "</figcaption>\n</figure>\n";
    }

    private void missing(String id, String noteHtml) {
        out.append("<figure id=\"")
                .append(id)
                .append("\"><p class=\"note\">")
                .append(noteHtml)
                .append("</p></figure>\n");
    }

    private void manifest() {
        out.append("<h2>Run manifest</h2>\n");
        if (run.manifest().isEmpty()) {
            out.append("<p class=\"note\">No run-manifest.json: the machine and settings are not recorded.</p>\n");
            return;
        }
        RunManifest m = run.manifest().get();
        Html.Table table = new Html.Table("what", "value")
                .row("started", m.startedAt())
                .row("command", m.command())
                .row("backend", m.backend())
                .row("target", m.target())
                .row("host", m.host())
                .row("cores", String.valueOf(m.cores()))
                .row("memory", Fmt.gib(m.memoryBytes()))
                .row("OS", m.os())
                .row("JVM", m.jvm())
                .row("widefeed", m.widefeedVersion());
        if (m.settings() != null) {
            new TreeMap<>(m.settings()).forEach((k, v) -> table.row("setting " + k, v));
        }
        Optional<WorkloadInfo> workload = WorkloadInfo.of(m);
        workload.ifPresent(w -> table.row(
                "workload",
                String.join(
                        ", ",
                        Stream.of(
                                        w.preset() == null ? null : "preset " + w.preset(),
                                        w.seed() == null ? null : "seed " + w.seed(),
                                        w.users() == null ? null : Fmt.num(w.users(), 0) + " users",
                                        w.eventsPerSecond() == null
                                                ? null
                                                : Fmt.num(w.eventsPerSecond(), 0) + " events/s")
                                .filter(Objects::nonNull)
                                .toList())));
        out.append(table.html());
        if (workload.isPresent()) {
            out.append("<details><summary>workload manifest</summary>\n<pre>")
                    .append(esc(WorkloadInfo.pretty(m)))
                    .append("</pre>\n</details>\n");
        }
    }

    private void ceiling() {
        out.append("<h2>Ceiling</h2>\n");
        if (run.ceiling().isEmpty()) {
            out.append("<p class=\"note\">not run: <code>perf ceiling</code></p>\n");
            return;
        }
        CeilingResult ceiling = run.ceiling().get();
        out.append("<p>Raw store operations on ")
                .append(esc(ceiling.backend()))
                .append(", closed loop: the denominators of the ratios.</p>\n");
        Html.Table table = new Html.Table(
                "operation",
                "description",
                "threads",
                "seconds",
                "operations",
                "errors",
                "ops/s",
                "mean ms",
                "p50 ms",
                "p99 ms",
                "p99.9 ms",
                "max ms");
        for (CeilingResult.Operation op : ceiling.operations()) {
            LatencySummary l = op.latency();
            table.row(
                    op.name(),
                    op.description(),
                    String.valueOf(op.threads()),
                    Fmt.num(op.seconds(), 1),
                    Fmt.num(op.operations(), 0),
                    Fmt.num(op.errors(), 0),
                    Fmt.num(op.opsPerSecond(), 0),
                    Fmt.num(l.meanMs(), 2),
                    Fmt.num(l.p50Ms(), 2),
                    Fmt.num(l.p99Ms(), 2),
                    Fmt.num(l.p999Ms(), 2),
                    Fmt.num(l.maxMs(), 2));
        }
        out.append(table.html());
    }

    private void steady() {
        out.append("<h2>Steady state</h2>\n");
        if (run.steady().isEmpty()) {
            out.append("<p class=\"note\">not run: <code>perf steady</code></p>\n");
            return;
        }
        SteadyResult steady = run.steady().get();
        out.append("<p>The workload's mix replayed open-loop on ")
                .append(esc(steady.backend()))
                .append(" (")
                .append(esc(steady.target()))
                .append(") at a sweep of rates. ")
                .append(
                        steady.kneeRate() == null
                                ? "No knee: even the lowest rate broke the rule"
                                : "Knee: " + Fmt.num(steady.kneeRate(), 0) + " events/s offered")
                .append(" (rule: ")
                .append(esc(steady.kneeRule()))
                .append(").</p>\n");
        Optional<ReplayResult> knee = SteadyPoints.atKnee(steady);
        Html.Table points = new Html.Table(
                "offered /s",
                "achieved /s",
                "seconds",
                "operations",
                "errors",
                "dropped",
                "all p50 ms",
                "all p99 ms",
                "");
        for (ReplayResult p : steady.points()) {
            ReplayResult.KindResult all = p.byKind().get("all");
            @SuppressWarnings("ReferenceEquality") // the knee is one of these very points, not any equal one
            boolean atKnee = knee.filter(k -> k == p).isPresent();
            points.row(
                    Fmt.num(p.offeredRate(), 0),
                    Fmt.num(p.achievedRate(), 0),
                    Fmt.num(p.seconds(), 1),
                    Fmt.num(p.operations(), 0),
                    Fmt.num(p.errors(), 0),
                    Fmt.num(p.dropped(), 0),
                    all == null ? "–" : Fmt.num(all.response().p50Ms(), 2),
                    all == null ? "–" : Fmt.num(all.response().p99Ms(), 2),
                    atKnee ? "knee" : "");
        }
        out.append(points.html());
        out.append("<details><summary>every point by kind</summary>\n");
        Html.Table kinds = new Html.Table(
                "offered /s",
                "kind",
                "count",
                "errors",
                "response p50 ms",
                "response p99 ms",
                "response p99.9 ms",
                "service p99 ms");
        for (ReplayResult p : steady.points()) {
            new TreeMap<>(p.byKind())
                    .forEach((kind, k) -> kinds.row(
                            Fmt.num(p.offeredRate(), 0),
                            kind,
                            Fmt.num(k.count(), 0),
                            Fmt.num(k.errors(), 0),
                            Fmt.num(k.response().p50Ms(), 2),
                            Fmt.num(k.response().p99Ms(), 2),
                            Fmt.num(k.response().p999Ms(), 2),
                            Fmt.num(k.service().p99Ms(), 2)));
        }
        out.append(kinds.html()).append("</details>\n");
    }

    private void celebrity() {
        out.append("<h2>Celebrity post</h2>\n");
        if (run.celebrity().isEmpty()) {
            out.append("<p class=\"note\">not run: <code>perf celebrity</code></p>\n");
            return;
        }
        CelebrityResult c = run.celebrity().get();
        out.append(new Html.Table("what", "value")
                .row("backend", c.backend())
                .row("followers", Fmt.num(c.followers(), 0))
                .row("active followers", Fmt.num(c.activeFollowers(), 0))
                .row("background load", Fmt.num(c.backgroundRate(), 0) + " events/s")
                .row("raw insert ceiling", Fmt.num(c.ceilingInsertsPerSecond(), 0) + " rows/s")
                .row("fan-out", Fmt.num(c.fanoutRowsPerSecond(), 0) + " rows/s")
                .row("delivery", Fmt.num(c.deliverySeconds(), 1) + " s")
                .row("celebrity's post request", Fmt.num(c.postRequestMs(), 2) + " ms")
                .row("10-follower author's post request", Fmt.num(c.smallAuthorPostMs(), 2) + " ms")
                .html());
        if (c.tiers() != null && !c.tiers().isEmpty()) {
            Html.Table tiers = new Html.Table("tier", "rows pushed", "done after (s)");
            c.tiers().forEach(t -> tiers.row(t.tier(), Fmt.num(t.pushed(), 0), Fmt.num(t.seconds(), 1)));
            out.append(tiers.html());
        }
        Html.Table load = new Html.Table(
                "background",
                "offered /s",
                "achieved /s",
                "operations",
                "errors",
                "dropped",
                "all p50 ms",
                "all p99 ms");
        for (Map.Entry<String, ReplayResult> phase : phases(c).entrySet()) {
            ReplayResult r = phase.getValue();
            ReplayResult.KindResult all = r.byKind().get("all");
            load.row(
                    phase.getKey(),
                    Fmt.num(r.offeredRate(), 0),
                    Fmt.num(r.achievedRate(), 0),
                    Fmt.num(r.operations(), 0),
                    Fmt.num(r.errors(), 0),
                    Fmt.num(r.dropped(), 0),
                    all == null ? "–" : Fmt.num(all.response().p50Ms(), 2),
                    all == null ? "–" : Fmt.num(all.response().p99Ms(), 2));
        }
        out.append(load.html());
    }

    private static Map<String, ReplayResult> phases(CelebrityResult c) {
        Map<String, ReplayResult> phases = new LinkedHashMap<>();
        if (c.before() != null) {
            phases.put("before the post", c.before());
        }
        if (c.during() != null) {
            phases.put("during the fan-out", c.during());
        }
        return phases;
    }

    private void strategies() {
        out.append("<h2>Delivery strategies</h2>\n");
        if (run.strategies().isEmpty()) {
            out.append("<p class=\"note\">not run: <code>perf strategies</code></p>\n");
            return;
        }
        StrategiesResult result = run.strategies().get();
        out.append("<p>The same ")
                .append(Fmt.num(result.events(), 0))
                .append(" events on ")
                .append(esc(result.backend()))
                .append(" under each strategy; store operations counted at the storage" + " interface.</p>\n");
        Html.Table table = new Html.Table(
                "strategy",
                "events",
                "store operations",
                "ops/event",
                "rows written",
                "rows written/event",
                "rows read",
                "home reads",
                "read fan-in",
                "home read p99 ms",
                "post p99 ms");
        for (StrategiesResult.StrategyCost s : result.strategies()) {
            table.row(
                    s.strategy(),
                    Fmt.num(s.events(), 0),
                    Fmt.num(s.storeOperations(), 0),
                    Fmt.num(s.operationsPerEvent(), 2),
                    Fmt.num(s.rowsWritten(), 0),
                    Fmt.num(s.rowsWrittenPerEvent(), 2),
                    Fmt.num(s.rowsRead(), 0),
                    Fmt.num(s.homeReads(), 0),
                    Fmt.num(s.readFanIn(), 2),
                    Fmt.num(s.homeRead().p99Ms(), 2),
                    Fmt.num(s.post().p99Ms(), 2));
        }
        out.append(table.html());
    }

    private void cost() {
        out.append("<h2>Store cost per action</h2>\n");
        if (run.cost().isEmpty()) {
            out.append("<p class=\"note\">not run: <code>perf cost</code></p>\n");
            return;
        }
        CostScenario.Result result = run.cost().get();
        boolean cassandra = result.backend().equals("cassandra");
        out.append("<p>Each action run ")
                .append(
                        result.actions().isEmpty()
                                ? ""
                                : String.valueOf(result.actions().get(0).count()))
                .append(" times on ")
                .append(esc(result.backend()))
                .append(" over the scenario's population. Store operations counted at the storage interfaces, on the"
                        + " request path and in the background the action left (the event log drained); store requests"
                        + " counted at the client (")
                .append(cassandra ? "CQL requests" : "HBase RPCs")
                .append(") less the idle rate; the service's CPU per action. Idle: ")
                .append(Fmt.num(result.idleOperationsPerSecond(), 1))
                .append(" operations/s at the interfaces, ")
                .append(Fmt.num(result.idleClientRequestsPerSecond(), 1))
                .append(" requests/s at the client.</p>\n");
        Html.Table table = new Html.Table(
                "action",
                "request ops",
                "background ops",
                "client requests",
                "cpu ms",
                "cache hit ratios",
                "most client requests");
        for (CostScenario.ActionCost a : result.actions()) {
            table.row(
                    a.action(),
                    Fmt.num(a.requestOperations(), 1),
                    Fmt.num(a.backgroundOperations(), 1),
                    Fmt.num(a.clientRequests(), 1),
                    Fmt.num(a.cpuMillis(), 2),
                    a.hitRatios().toString(),
                    // absent from runs made before statements were counted
                    a.topClientStatements() == null
                            ? ""
                            : a.topClientStatements().toString());
        }
        out.append(table.html());
    }

    private void hdrLogs() {
        if (run.hdrLogs().isEmpty()) {
            return;
        }
        out.append("<h2>HDR logs</h2>\n<p>Every interval of each log added up; values read as microseconds.</p>\n");
        Html.Table table =
                new Html.Table("file", "tag", "intervals", "count", "p50 ms", "p99 ms", "p99.9 ms", "max ms");
        for (HdrLogs.Summary h : run.hdrLogs()) {
            LatencySummary l = h.latency();
            table.row(
                    h.file(),
                    h.tag(),
                    String.valueOf(h.intervals()),
                    Fmt.num(l.count(), 0),
                    Fmt.num(l.p50Ms(), 2),
                    Fmt.num(l.p99Ms(), 2),
                    Fmt.num(l.p999Ms(), 2),
                    Fmt.num(l.maxMs(), 2));
        }
        out.append(table.html());
    }
}
