package dev.widefeed.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.perf.results.CeilingResult;
import dev.widefeed.perf.results.Results;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.scenario.CostScenario;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
    private static final List<String> CHART_IDS = List.of(
            "chart-latency-vs-throughput", "chart-latency-over-time", "chart-fanout-completion", "chart-strategy-cost");

    @TempDir
    Path run;

    @Test
    void aFullRunHasEveryChartAsInlineSvg() throws IOException {
        SyntheticRun.writeAll(run, Map.of("threads", "32"), "hybrid");

        String html = render();

        for (String id : CHART_IDS) {
            assertThat(figure(html, id))
                    .as(id)
                    .contains("<svg ")
                    .contains("</svg>")
                    .doesNotContain("not run");
        }
        assertThat(figure(html, "chart-strategy-cost"))
                .as("cost curve and operations bars")
                .containsOnlyOnce("-curve-svg")
                .containsOnlyOnce("-ops-svg");
        assertThat(figure(html, "chart-latency-vs-throughput")).contains("knee");
        assertThat(figure(html, "chart-latency-over-time")).contains("celebrity post");
        assertThat(figure(html, "chart-fanout-completion")).contains("hot done", "warm done");
        assertThat(html).doesNotContain("<script").doesNotContain("http://www.w3.org/1999/xlink\" href=\"http");
    }

    @Test
    void theGoalsTableMeasuresEveryGoal() throws IOException {
        SyntheticRun.writeAll(run, Map.of(), "hybrid");

        String html = render();

        assertThat(goalRow(html, "fan-out rows/s of a pushed author")).contains("0.800", "&gt;= 0.7", "yes");
        assertThat(goalRow(html, "over push-all")).contains("0.333", "&lt; 1", "yes");
        assertThat(goalRow(html, "over pull-all")).contains("0.500", "&lt; 1", "yes");
        // at the knee (20 / 5), not at the highest rate (100 / 10)
        assertThat(goalRow(html, "p99 home-timeline read")).contains("4.000", "&lt;= 3", "no");
        assertThat(goalRow(html, "post request p99"))
                .contains("3.000", "&lt;= 1.2", "no")
                .contains("class=\"missed\"");
        assertThat(goalRow(html, "until a sampled active follower")).contains("1,100", "&lt;= 2000", "yes");

        JsonNode summary =
                new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertThat(summary.path("goals")).hasSize(6);
        assertThat(summary.path("goals").get(0).path("value").asDouble()).isEqualTo(0.8);
        assertThat(summary.path("goals").get(4).path("met").asText()).isEqualTo("no");
        assertThat(summary.path("goals").get(5).path("value").asDouble()).isEqualTo(1_100);
    }

    @Test
    void theCapacityStatementExtrapolatesTheKnee() throws IOException {
        SyntheticRun.writeAll(run, Map.of(), "hybrid");

        String html = render();

        String capacity = section(html, "<section id=\"capacity\">", "</section>");
        assertThat(capacity)
                .contains("For 100,000 users with this behaviour (the read-heavy workload, seed 7) at"
                        + " 5,000 events/s you need about 22 store nodes of this machine&#39;s size (8 cores,"
                        + " 8.0 GiB memory).")
                .contains("995 events/s", "3 copies", "about 9 nodes", "same machine", "linearly");
        JsonNode plan = new ObjectMapper()
                .readTree(run.resolve("summary.json").toFile())
                .path("capacity");
        assertThat(plan.path("nodes").asLong()).isEqualTo(22);
        assertThat(plan.path("nodesIfOnlyWritesReplicated").asLong()).isEqualTo(9);
        assertThat(plan.path("statement").asText()).contains("22 store nodes");
    }

    @Test
    void theCapacityStatementCountsNodesByTheStoreOperationsOfEachEventWhenTheRunCountedThem() throws IOException {
        SyntheticRun.writeAll(run, Map.of(), "hybrid");
        SteadyResult steady = SyntheticRun.steady();
        Results.write(
                run,
                Results.STEADY,
                new SteadyResult(
                        steady.backend(),
                        steady.target(),
                        steady.points(),
                        steady.kneeRate(),
                        steady.kneeRule(),
                        Arrays.asList(8.0, 10.0, null)));
        Results.write(
                run,
                Results.CEILING,
                new CeilingResult(
                        "cassandra",
                        List.of(
                                new CeilingResult.Operation(
                                        "insert",
                                        "one row",
                                        32,
                                        20,
                                        600_000,
                                        0,
                                        30_000,
                                        SyntheticRun.latency(0.3, 1.2)),
                                new CeilingResult.Operation(
                                        "read",
                                        "one page",
                                        32,
                                        20,
                                        400_000,
                                        0,
                                        20_000,
                                        SyntheticRun.latency(0.6, 2.0)))));

        String html = render();

        // 5,000 events/s x 10 operations x 3 replicas over 70 % of the lower ceiling (reads, 20,000/s): 10.7, so 11.
        assertThat(section(html, "<section id=\"capacity\">", "</section>"))
                .contains(
                        "you need about 11 store nodes",
                        "10.0 store operations",
                        "read ceiling",
                        "Cross-check from the steady knee",
                        "about 22 nodes");
        JsonNode plan = new ObjectMapper()
                .readTree(run.resolve("summary.json").toFile())
                .path("capacity");
        assertThat(plan.path("nodes").asLong()).isEqualTo(11);
        assertThat(plan.path("nodesByKnee").asLong()).isEqualTo(22);
        assertThat(plan.path("storeOperationsPerEvent").asDouble()).isEqualTo(10.0);
    }

    @Test
    void capacityAssumptionsCanBeOverridden() throws IOException {
        SyntheticRun.writeAll(run, Map.of(), "hybrid");

        Report.render(run, new CapacityPlan.Assumptions(20_000.0, 1_000_000L, 0.5, 3), null);

        // 20,000 × 3 / (995 × 0.5) = 120.6
        assertThat(Files.readString(run.resolve(Report.HTML)))
                .contains("For 1,000,000 users with this behaviour (the read-heavy workload, seed 7) at 20,000"
                        + " events/s you need about 121 store nodes");
    }

    @Test
    void summaryCsvHasOneRowPerMetric() throws IOException {
        SyntheticRun.writeAll(run, Map.of(), "hybrid");

        render();

        List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
        assertThat(csv.get(0)).isEqualTo("scenario,metric,value,unit");
        assertThat(csv)
                .contains(
                        "ceiling,home_insert.ops_per_second,100000,ops/s",
                        "steady,knee_rate,1000,events/s",
                        "steady,offered_1000.home_read.response_p99,20,ms",
                        "celebrity,fanout_rows_per_second,80000,rows/s",
                        "celebrity,tier.hot.seconds,2.5,s",
                        "strategies,hybrid.operations_per_event,4,operations/event",
                        "goals,fanout_over_ceiling,0.8,ratio",
                        "capacity,nodes,22,nodes");
    }

    @Test
    void aCostRunIsATableOfItsActions() throws IOException {
        Results.write(
                run,
                CostScenario.RESULT,
                new CostScenario.Result(
                        "cassandra",
                        new CostScenario.Settings(60, 30, 120, 40, 50, 20, 16),
                        4.8,
                        5.1,
                        Map.of("SELECT event_log_activity_by_hour", 0.1),
                        List.of(
                                new CostScenario.ActionCost(
                                        "home",
                                        50,
                                        2.0,
                                        0.0,
                                        3.7,
                                        5.2,
                                        Map.of("posts", 1.0),
                                        Map.of(),
                                        Map.of(),
                                        Map.of()),
                                new CostScenario.ActionCost(
                                        "like <b>",
                                        50,
                                        9.0,
                                        6.5,
                                        34.6,
                                        29.8,
                                        Map.of(),
                                        Map.of(),
                                        Map.of(),
                                        Map.of("INSERT likes_by_post IF", 1.0)))));

        String html = render();

        assertThat(html)
                .contains(
                        "<h2>Store cost per action</h2>",
                        "CQL requests",
                        "5.1 requests/s",
                        "34.6",
                        "like &lt;b&gt;",
                        "INSERT likes_by_post IF")
                .doesNotContain("not run: <code>perf cost</code>");
    }

    @Test
    void onlyACeilingRendersNotRunNotesInsteadOfCharts() throws IOException {
        Results.write(run, Results.CEILING, SyntheticRun.ceiling());

        String html = render();

        for (String id : CHART_IDS) {
            assertThat(figure(html, id)).as(id).contains("not run").doesNotContain("<svg");
        }
        assertThat(figure(html, "chart-latency-vs-throughput")).contains("<code>perf steady</code>");
        assertThat(figure(html, "chart-fanout-completion")).contains("<code>perf celebrity</code>");
        assertThat(figure(html, "chart-strategy-cost")).contains("<code>perf strategies</code>");
        assertThat(html).contains("home_insert", "100,000");
        String goals = section(html, "<section id=\"ratios\">", "</section>");
        assertThat(goals.split("<tr class=\"unmeasured\">"))
                .as("six unmeasured rows")
                .hasSize(7);
        assertThat(goals)
                .doesNotContain("class=\"met\"", "class=\"missed\"")
                .contains("not run: `perf celebrity`", "not run: `perf strategies`", "not run: `perf steady`");
        assertThat(section(html, "<section id=\"capacity\">", "</section>")).contains("Run `perf steady`");
        assertThat(Files.readAllLines(run.resolve("summary.csv")))
                .anyMatch(l -> l.startsWith("ceiling,"))
                .noneMatch(l -> l.startsWith("goals,") || l.startsWith("capacity,"));
    }

    @Test
    void withoutAKneeThereIsNoEstimateAndTheLastSteadyPointShowsOverTime() throws IOException {
        SteadyResult steady = SyntheticRun.steady();
        Results.write(run, Results.MANIFEST, SyntheticRun.manifest(Map.of()));
        Results.write(
                run,
                Results.STEADY,
                new SteadyResult(steady.backend(), steady.target(), steady.points(), null, steady.kneeRule()));

        String html = render();

        assertThat(section(html, "<section id=\"capacity\">", "</section>"))
                .contains("No capacity estimate: the node kept up with none of the offered rates")
                .doesNotContain("store nodes");
        assertThat(figure(html, "chart-latency-over-time"))
                .contains("<svg ", "2,000 events/s offered (the last point)");
        assertThat(figure(html, "chart-latency-vs-throughput"))
                .contains("<svg ")
                .doesNotContain("knee");
        assertThat(goalRow(html, "p99 home-timeline read"))
                .as("highest rate measuring both: 100 / 10")
                .contains("10.000", "no");
    }

    @Test
    void hostileTextIsEscapedEverywhere() throws IOException {
        SyntheticRun.writeAll(
                run,
                Map.of("note", "<script>alert(1)</script>", "<b>key</b>", "a & \"b\""),
                "<script>alert(2)</script>");

        String html = render();

        assertThat(html)
                .doesNotContain("<script", "<b>key</b>")
                .contains(
                        "&lt;script&gt;alert(1)&lt;/script&gt;",
                        "setting &lt;b&gt;key&lt;/b&gt;",
                        "a &amp; &quot;b&quot;");
        // the strategy name reaches the table and the cost curve's point label inside the SVG
        assertThat(figure(html, "chart-strategy-cost")).contains("&lt;script&gt;alert(2)&lt;/script&gt;");
    }

    @Test
    void hdrLogsAreSummarisedPerTag() throws IOException {
        Results.write(run, Results.CEILING, SyntheticRun.ceiling());
        Histogram first = new Histogram(3);
        Histogram second = new Histogram(3);
        for (int i = 0; i < 100; i++) {
            first.recordValue(1000); // 1 ms
            second.recordValue(3000);
        }
        first.setTag("home_read");
        second.setTag("home_read");
        try (PrintStream out = new PrintStream(run.resolve("steady-1000.hlog").toFile(), StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(first);
            writer.outputIntervalHistogram(second);
        }

        String html = render();

        String logs = section(html, "<h2>HDR logs</h2>", "</table>");
        assertThat(logs)
                .contains(
                        "steady-1000.hlog",
                        "home_read",
                        "<td>2</td>",
                        "<td>200</td>",
                        "<td>1.00</td>",
                        "<td>3.00</td>");
    }

    @Test
    void anUnreadableResultIsReportedAndTheRestStillRenders() throws IOException {
        Results.write(run, Results.CEILING, SyntheticRun.ceiling());
        Files.writeString(run.resolve(Results.STEADY), "{\"backend\": ");

        String html = render();

        assertThat(html).contains("could not be read", "steady.json").contains("home_insert");
        assertThat(figure(html, "chart-latency-vs-throughput")).contains("not run");
    }

    private String render() throws IOException {
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Path page = Report.render(run, new PrintStream(progress, true, StandardCharsets.UTF_8));
        assertThat(page).isEqualTo(run.resolve("report.html"));
        assertThat(run.resolve("summary.csv")).exists();
        assertThat(run.resolve("summary.json")).exists();
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("report: wrote");
        return Files.readString(page);
    }

    private static String figure(String html, String id) {
        return section(html, "<figure id=\"" + id + "\">", "</figure>");
    }

    private static String goalRow(String html, String name) {
        String table = section(html, "<section id=\"ratios\">", "</section>");
        int at = table.indexOf(name);
        assertThat(at).as("goal row " + name).isNotNegative();
        return table.substring(table.lastIndexOf("<tr", at), table.indexOf("</tr>", at));
    }

    private static String section(String html, String start, String end) {
        int from = html.indexOf(start);
        assertThat(from).as(start).isNotNegative();
        return html.substring(from, html.indexOf(end, from) + end.length());
    }
}
