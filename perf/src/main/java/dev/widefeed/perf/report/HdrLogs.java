package dev.widefeed.perf.report;

import dev.widefeed.perf.results.LatencySummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The HDR histogram logs ({@code *.hlog}) of a run directory, each tag's intervals added up into one distribution.
 * Values are taken as microseconds, the unit every scenario records latencies in.
 */
final class HdrLogs {
    /** @param tag the histograms' tag, empty for untagged ones */
    record Summary(String file, String tag, int intervals, LatencySummary latency) {}

    private HdrLogs() {}

    /** Summaries of every readable log; a log that cannot be read adds a line to {@code problems}. */
    static List<Summary> read(Path directory, List<String> problems) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".hlog"))
                    .sorted()
                    .toList();
        }
        List<Summary> summaries = new ArrayList<>();
        for (Path file : files) {
            try {
                summaries.addAll(summarize(file));
            } catch (IOException | RuntimeException e) { // the reader reports a corrupt log with runtime exceptions
                problems.add(file.getFileName() + ": " + e);
            }
        }
        return summaries;
    }

    private static List<Summary> summarize(Path file) throws IOException {
        Map<String, Histogram> byTag = new TreeMap<>();
        Map<String, Integer> intervals = new TreeMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram h) { // scenarios log integer histograms; a DoubleHistogram is foreign
                    String tag = h.getTag() == null ? "" : h.getTag();
                    byTag.computeIfAbsent(tag, t -> new Histogram(h.getNumberOfSignificantValueDigits()))
                            .add(h);
                    intervals.merge(tag, 1, Integer::sum);
                }
            }
        }
        List<Summary> summaries = new ArrayList<>();
        byTag.forEach((tag, histogram) -> summaries.add(new Summary(
                file.getFileName().toString(), tag, intervals.get(tag), LatencySummary.ofMicros(histogram))));
        return summaries;
    }
}
