package dev.widefeed.drills.harness;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nodetool as an operator runs it: a JVM of its own on the Cassandra server's classpath (the list schema-cql's
 * build writes, {@value #CLASSPATH_RESOURCE}, the same jars the service starts its nodes from), reaching one node
 * over its JMX port. Its output goes to a log file in the drill's directory.
 */
public final class NodeTool {
    static final String CLASSPATH_RESOURCE = "localstore/cassandra-server.classpath";
    private static final String MAIN_CLASS = "org.apache.cassandra.tools.NodeTool";
    private static final String LOGBACK_XML = """
            <configuration>
              <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%-5level %logger{0} - %msg%n</pattern></encoder>
              </appender>
              <root level="WARN"><appender-ref ref="STDOUT"/></root>
            </configuration>
            """;
    /** From Cassandra's conf/jvm17-clients.options: what nodetool's JMX client reaches into on Java 17. */
    private static final List<String> JAVA17_OPTIONS = List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports=java.sql/java.sql=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");

    /** One run: its exit code, how long it took, and where its output is. */
    public record Run(int exit, double seconds, Path log) {
        public boolean ok() {
            return exit == 0;
        }

        public String tail() {
            try {
                List<String> lines = Files.readAllLines(log);
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
            } catch (IOException e) {
                return "(cannot read " + log + ": " + e + ")";
            }
        }
    }

    private NodeTool() {}

    /** Runs {@code nodetool -h 127.0.0.1 -p jmxPort arguments...}, its output into {@code dir/nodetool-<name>.log}. */
    public static Run run(Path dir, String name, int jmxPort, Duration within, String... arguments)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path logback = dir.resolve("nodetool-logback.xml");
        Files.writeString(logback, LOGBACK_XML);
        Path log = dir.resolve("nodetool-" + name + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=" + logback.toUri()));
        command.addAll(JAVA17_OPTIONS);
        command.addAll(List.of("-cp", classpath(), MAIN_CLASS, "-h", "127.0.0.1", "-p", String.valueOf(jmxPort)));
        command.addAll(List.of(arguments));
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()))
                .start();
        process.getOutputStream().close();
        if (!process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            return new Run(-1, (System.nanoTime() - started) / 1e9, log);
        }
        return new Run(process.exitValue(), (System.nanoTime() - started) / 1e9, log);
    }

    /** The server's jars, checked to be there: the list names files in the local Maven repository. */
    private static String classpath() throws IOException {
        String text;
        try (InputStream in = NodeTool.class.getClassLoader().getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(CLASSPATH_RESOURCE + " is not on the classpath: build the drills "
                        + "jar (mvn -B -ntp package -DskipTests)");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        for (String jar : text.split(File.pathSeparator)) {
            if (!jar.isBlank() && !Files.isRegularFile(Path.of(jar.trim()))) {
                throw new IllegalStateException(CLASSPATH_RESOURCE + " names " + jar + ", which is missing: build "
                        + "again to resolve the Cassandra server's jars");
            }
        }
        return text;
    }
}
