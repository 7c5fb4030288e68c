package dev.widefeed.perf.report;

import dev.widefeed.perf.results.CelebrityResult;
import dev.widefeed.perf.results.ReplayResult;
import dev.widefeed.perf.results.SteadyResult;
import dev.widefeed.perf.results.StrategiesResult;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The report's charts, built from the scenarios' results. */
final class Charts {
    /** Kinds drawn when present; the rest are in the tables, and more lines would bury these. */
    static final List<String> FEATURED_KINDS = List.of("all", Ratios.HOME_READ, "post", Ratios.RAW_READ);

    private static final Color[] PALETTE = {
        new Color(0x1f77b4),
        new Color(0xd62728),
        new Color(0x2ca02c),
        new Color(0x9467bd),
        new Color(0xff7f0e),
        new Color(0x8c564b),
        new Color(0xe377c2),
        new Color(0x7f7f7f)
    };
    private static final Color MARKER = new Color(0x555555);
    private static final Stroke SOLID = new BasicStroke(2f);
    private static final Stroke DASHED =
            new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);

    private Charts() {}

    /** Response time p50 (dashed) and p99 (solid) per kind against the achieved rate; the knee marked. */
    static JFreeChart latencyVsThroughput(SteadyResult steady) {
        List<String> kinds = featured(steady.points().stream()
                .flatMap(p -> p.byKind().keySet().stream())
                .toList());
        XYSeriesCollection data = new XYSeriesCollection();
        for (String kind : kinds) {
            XYSeries p50 = new XYSeries(kind + " p50", true, true);
            XYSeries p99 = new XYSeries(kind + " p99", true, true);
            for (ReplayResult point : steady.points()) {
                if (SteadyPoints.has(point, kind)) {
                    p50.add(
                            point.achievedRate(),
                            point.byKind().get(kind).response().p50Ms());
                    p99.add(
                            point.achievedRate(),
                            point.byKind().get(kind).response().p99Ms());
                }
            }
            data.addSeries(p50);
            data.addSeries(p99);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(
                "Response time vs throughput (" + steady.backend() + ")",
                "achieved rate (events/s)",
                "response time (ms)",
                data,
                PlotOrientation.VERTICAL,
                true,
                false,
                false);
        XYPlot plot = style(chart).getXYPlot();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int k = 0; k < kinds.size(); k++) {
            Color color = PALETTE[k % PALETTE.length];
            renderer.setSeriesPaint(2 * k, color);
            renderer.setSeriesStroke(2 * k, DASHED);
            renderer.setSeriesPaint(2 * k + 1, color);
            renderer.setSeriesStroke(2 * k + 1, SOLID);
        }
        plot.setRenderer(renderer);
        SteadyPoints.atKnee(steady)
                .ifPresent(knee -> plot.addDomainMarker(
                        marker(knee.achievedRate(), "knee " + Fmt.num(knee.achievedRate(), 0) + "/s", 0)));
        return chart;
    }

    /**
     * Per-second p99 by kind while the celebrity's post fanned out, with the load before it at negative seconds:
     * 0 is the post (where the {@code during} replay starts); the end of delivery is marked too.
     */
    static JFreeChart latencyOverTime(CelebrityResult celebrity) {
        Map<String, XYSeries> byKind = new LinkedHashMap<>();
        if (celebrity.before() != null) {
            addP99(byKind, celebrity.before(), -celebrity.before().seconds());
        }
        addP99(byKind, celebrity.during(), 0);
        JFreeChart chart = overTime(
                "p99 response time around a " + Fmt.num(celebrity.followers(), 0) + "-follower post",
                "seconds since the celebrity's post",
                byKind.values());
        chart.getXYPlot().addDomainMarker(marker(0, "celebrity post", 0));
        chart.getXYPlot()
                .addDomainMarker(marker(
                        celebrity.deliverySeconds(),
                        "delivered, " + Fmt.num(celebrity.deliverySeconds(), 1) + " s",
                        1));
        return chart;
    }

    /** Per-second p99 by kind through one steady replay. */
    static JFreeChart latencyOverTime(ReplayResult replay, String which) {
        Map<String, XYSeries> byKind = new LinkedHashMap<>();
        addP99(byKind, replay, 0);
        return overTime("p99 response time per second, " + which, "seconds into the replay", byKind.values());
    }

    /** Rows delivered against time since the post; each tier's finish marked. */
    static JFreeChart fanoutCompletion(CelebrityResult celebrity) {
        XYSeries delivered = new XYSeries("rows delivered", true, true);
        celebrity.completion().forEach(p -> delivered.add(p.seconds(), p.delivered()));
        JFreeChart chart = ChartFactory.createXYLineChart(
                "Fan-out of a " + Fmt.num(celebrity.followers(), 0) + "-follower post",
                "seconds since the post",
                "rows delivered",
                new XYSeriesCollection(delivered),
                PlotOrientation.VERTICAL,
                false,
                false,
                false);
        XYPlot plot = style(chart).getXYPlot();
        plot.getRenderer().setSeriesPaint(0, PALETTE[0]);
        plot.getRenderer().setSeriesStroke(0, SOLID);
        plot.getDomainAxis().setUpperMargin(0.25); // the last tier's label sits right of its line
        List<ReplayResult.TierDelay> tiers = celebrity.tiers() == null ? List.of() : celebrity.tiers();
        for (int i = 0; i < tiers.size(); i++) {
            ReplayResult.TierDelay tier = tiers.get(i);
            plot.addDomainMarker(
                    marker(tier.seconds(), tier.tier() + " done, " + Fmt.num(tier.seconds(), 1) + " s", i));
        }
        return chart;
    }

    /**
     * The cost curve of Feeding Frenzy (Silberstein et al., SIGMOD 2010): each strategy a point of read cost
     * against write cost. Push-all sits high on writes, pull-all far out on reads; a good hybrid lies below the
     * line between them.
     */
    static JFreeChart strategyCostCurve(StrategiesResult strategies) {
        XYSeries points = new XYSeries("strategies", false, true);
        strategies.strategies().forEach(s -> points.add(s.readFanIn(), s.rowsWrittenPerEvent()));
        JFreeChart chart = ChartFactory.createScatterPlot(
                "Read cost vs write cost per strategy",
                "read cost: mean partitions per home read",
                "write cost: rows written per event",
                new XYSeriesCollection(points),
                PlotOrientation.VERTICAL,
                false,
                false,
                false);
        XYPlot plot = style(chart).getXYPlot();
        plot.getRenderer().setSeriesPaint(0, PALETTE[1]);
        for (NumberAxis axis : List.of((NumberAxis) plot.getDomainAxis(), (NumberAxis) plot.getRangeAxis())) {
            axis.setAutoRangeIncludesZero(true);
            axis.setUpperMargin(0.2); // room for the labels of the outermost points
        }
        for (StrategiesResult.StrategyCost s : strategies.strategies()) {
            XYTextAnnotation label = new XYTextAnnotation(" " + s.strategy(), s.readFanIn(), s.rowsWrittenPerEvent());
            label.setFont(SMALL);
            label.setTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addAnnotation(label);
        }
        return chart;
    }

    /** Store operations per event, one bar per strategy. */
    static JFreeChart strategyOperations(StrategiesResult strategies) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        strategies
                .strategies()
                .forEach(s -> data.addValue(s.operationsPerEvent(), "store operations per event", s.strategy()));
        JFreeChart chart = ChartFactory.createBarChart(
                "Store operations per event",
                "strategy",
                "store operations per event",
                data,
                PlotOrientation.VERTICAL,
                false,
                false,
                false);
        style(chart);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.getRenderer().setSeriesPaint(0, PALETTE[0]);
        return chart;
    }

    private static void addP99(Map<String, XYSeries> byKind, ReplayResult replay, double shift) {
        List<String> kinds = featured(
                replay.overTime().stream().map(ReplayResult.IntervalPoint::kind).toList());
        for (ReplayResult.IntervalPoint p : replay.overTime()) {
            if (kinds.contains(p.kind()) && p.count() > 0) {
                byKind.computeIfAbsent(p.kind(), k -> new XYSeries(k + " p99", true, true))
                        .add(p.second() + shift, p.p99Ms());
            }
        }
    }

    private static JFreeChart overTime(String title, String xLabel, Collection<XYSeries> series) {
        XYSeriesCollection data = new XYSeriesCollection();
        series.forEach(data::addSeries);
        JFreeChart chart = ChartFactory.createXYLineChart(
                title, xLabel, "p99 response time (ms)", data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = style(chart).getXYPlot();
        plot.getDomainAxis().setUpperMargin(0.1); // room for a marker label near the end
        for (int i = 0; i < series.size(); i++) {
            plot.getRenderer().setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            plot.getRenderer().setSeriesStroke(i, SOLID);
        }
        return chart;
    }

    /** The featured kinds among {@code present}, or all of them when none is featured. */
    private static List<String> featured(List<String> present) {
        List<String> kinds = new ArrayList<>(FEATURED_KINDS);
        kinds.retainAll(present);
        return kinds.isEmpty() ? List.copyOf(new TreeSet<>(present)) : kinds;
    }

    /** A dashed vertical line; {@code row} staggers labels of markers that may sit close together. */
    private static ValueMarker marker(double x, String label, int row) {
        ValueMarker marker = new ValueMarker(x, MARKER, DASHED);
        marker.setLabel(label);
        marker.setLabelFont(SMALL);
        marker.setLabelPaint(MARKER);
        marker.setLabelBackgroundColor(new Color(255, 255, 255, 200));
        marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        marker.setLabelOffset(new RectangleInsets(4 + 14 * row, 4, 4, 4));
        return marker;
    }

    private static JFreeChart style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(RectangleEdge.BOTTOM);
            legend.setFrame(org.jfree.chart.block.BlockBorder.NONE);
        }
        chart.getPlot().setBackgroundPaint(Color.WHITE);
        chart.getPlot().setOutlinePaint(Color.LIGHT_GRAY);
        if (chart.getPlot() instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(new Color(0xdddddd));
            xy.setRangeGridlinePaint(new Color(0xdddddd));
        } else if (chart.getPlot() instanceof CategoryPlot category) {
            category.setRangeGridlinePaint(new Color(0xdddddd));
        }
        return chart;
    }
}
