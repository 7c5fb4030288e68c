package dev.widefeed.perf.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The {@code report} command's engine: reads whatever results a run directory holds and writes beside them
 * {@code report.html} (goals, capacity statement, charts, tables), {@code summary.csv} and {@code summary.json}.
 */
public final class Report {
    public static final String HTML = "report.html";

    static {
        // Charts are drawn off-screen; a machine without a display must render them all the same.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Report() {}

    /** Renders with the default capacity assumptions; returns the page's path. */
    public static Path render(Path runDirectory, PrintStream progress) throws IOException {
        return render(runDirectory, CapacityPlan.Assumptions.DEFAULT, progress);
    }

    /** @param progress gets a line per file read and written; may be null */
    public static Path render(Path runDirectory, CapacityPlan.Assumptions assumptions, PrintStream progress)
            throws IOException {
        Consumer<String> say = line -> {
            if (progress != null) {
                progress.println("report: " + line);
            }
        };
        RunData run = RunData.load(runDirectory, say);
        List<Ratio> ratios = Ratios.of(run);
        Capacity capacity = Capacity.of(run, assumptions);
        Path page = runDirectory.resolve(HTML);
        Files.writeString(page, ReportPage.html(run, ratios, capacity), StandardCharsets.UTF_8);
        List<Figures.Figure> figures = Figures.of(run, ratios, capacity);
        SummaryFiles.writeCsv(runDirectory, figures);
        SummaryFiles.writeJson(runDirectory, ratios, capacity, figures);
        say.accept("wrote " + page + ", " + SummaryFiles.CSV + ", " + SummaryFiles.JSON);
        ratios.forEach(r -> say.accept(r.name() + ": "
                + (r.value() == null
                        ? "not measured"
                        : Fmt.num(r.value(), 3) + " (goal " + r.goal() + ", met: " + r.verdict() + ")")));
        say.accept(capacity.headline());
        return page;
    }
}
