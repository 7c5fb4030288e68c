package dev.widefeed.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A class's {@code main} in a JVM of its own, on this JVM's class path and test store ports: a worker for a crash test
 * to kill with SIGKILL. Its output goes to {@code target/<log>}.
 */
public final class ChildJvm {
    private ChildJvm() {}

    public static Process start(Class<?> main, String argument, String log) throws IOException {
        return start(main, List.of(argument), log);
    }

    public static Process start(Class<?> main, List<String> arguments, String log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.addAll(TestStores.SHORT_LIVED_JVM);
        System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith("widefeed.test."))
                .forEach(name -> command.add("-D" + name + "=" + System.getProperty(name)));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(arguments);
        File output = Path.of("target", log).toFile();
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output)
                .start();
    }
}
