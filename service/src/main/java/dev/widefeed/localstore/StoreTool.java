package dev.widefeed.localstore;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One run of a store's own command-line tool, such as HBase's ExportSnapshot, to its end: a JVM of its own on the
 * store's classpath (never ours: the servers' dependencies clash with Dropwizard's), its output appended to a log.
 *
 * @param name       what it is, for messages
 * @param classpath  the store's jars
 * @param prefix     directories before them (the store's configuration)
 * @param jvmOptions options of the tool's JVM
 * @param mainClass  the tool
 * @param log        where its output goes (appended)
 */
record StoreTool(
        String name, StoreClasspath classpath, List<Path> prefix, List<String> jvmOptions, String mainClass, Path log) {

    /**
     * Runs the tool with {@code arguments} and returns once it exited 0.
     *
     * @throws LocalStoreException when it exits otherwise or outlasts {@code timeout} (then it is killed), with the
     *     tail of its log
     */
    void run(List<String> arguments, Duration timeout) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(Stream.concat(prefix.stream(), classpath.jars().stream())
                .map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator)));
        command.add(mainClass);
        command.addAll(arguments);
        Process process;
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(
                    log,
                    "\n=== " + String.join(" ", arguments) + " ===\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(log.toFile()))
                    .start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new LocalStoreException("cannot start " + name + " (" + command.get(0) + "): " + e, e);
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw failure("did not finish within " + timeout);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LocalStoreException(name + " was interrupted", e);
        }
        if (process.exitValue() != 0) {
            throw failure("exited with code " + process.exitValue());
        }
    }

    private LocalStoreException failure(String what) {
        return new LocalStoreException(
                name + " " + what + "\n--- the end of " + log + " ---\n" + LocalStoreProcess.logTail(log));
    }
}
