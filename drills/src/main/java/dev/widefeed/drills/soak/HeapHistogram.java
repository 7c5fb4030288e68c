package dev.widefeed.drills.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live objects of the service's heap by class ({@code jcmd <pid> GC.class_histogram}, the JDK's own tool, which
 * collects first), so that an old generation that grew during a soak can be placed: which classes hold the bytes.
 * Empty when the tool is not there or fails: it explains a figure, it is not one.
 */
record HeapHistogram(Map<String, Long> bytesByClass) {
    private static final Pattern LINE = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

    static HeapHistogram take(long pid) {
        Map<String, Long> bytes = new HashMap<>();
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process process = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), "GC.class_histogram")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor(2, TimeUnit.MINUTES) && process.exitValue() == 0) {
                for (String line : output.split("\\R")) {
                    Matcher matcher = LINE.matcher(line);
                    if (matcher.find()) {
                        bytes.merge(matcher.group(3), Long.parseLong(matcher.group(2)), Long::sum);
                    }
                }
            }
        } catch (IOException e) {
            return new HeapHistogram(Map.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new HeapHistogram(bytes);
    }

    /** Prints the {@code top} classes whose live bytes grew the most from {@code before} to this one. */
    void printGrowth(PrintStream out, String label, HeapHistogram before, int top) {
        if (bytesByClass.isEmpty() || before.bytesByClass.isEmpty()) {
            out.printf("%s: no class histogram (jcmd did not answer)%n", label);
            return;
        }
        bytesByClass.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, Long> e) ->
                                e.getValue() - before.bytesByClass.getOrDefault(e.getKey(), 0L))
                        .reversed())
                .limit(top)
                .forEach(e -> out.printf(
                        "%s: %s: %.1f -> %.1f MB%n",
                        label, e.getKey(), before.bytesByClass.getOrDefault(e.getKey(), 0L) / 1e6, e.getValue() / 1e6));
    }
}
