package dev.widefeed.perf.replay;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One HDR histogram log per kind, {@code <name>-<kind>.hlog}, of response-time intervals in microseconds: the
 * raw material for HdrHistogram's own plotting tools, beside the summaries in the result. Opened on a kind's
 * first interval, since probe kinds are only known once they run. Used by the sampling thread only.
 */
final class HdrLogFiles implements AutoCloseable {
    private final Path directory;
    private final String name;
    private final long startMillis;
    private final Map<String, HistogramLogWriter> writers = new HashMap<>();

    HdrLogFiles(Path directory, String name, long startMillis) {
        this.directory = directory;
        this.name = name;
        this.startMillis = startMillis;
    }

    static Path file(Path directory, String name, String kind) {
        return directory.resolve(name + "-" + kind + ".hlog");
    }

    void write(String kind, Histogram interval) {
        writers.computeIfAbsent(kind, this::open).outputIntervalHistogram(interval);
    }

    private HistogramLogWriter open(String kind) {
        try {
            HistogramLogWriter writer =
                    new HistogramLogWriter(file(directory, name, kind).toFile());
            writer.outputComment("response time of " + kind + " operations, microseconds");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputLegend();
            return writer;
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        writers.values().forEach(HistogramLogWriter::close);
    }
}
