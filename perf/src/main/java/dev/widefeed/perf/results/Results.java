package dev.widefeed.perf.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run directory: each scenario writes its result as {@code <scenario>.json} (and HDR logs beside it); the
 * {@code report} command reads whichever are there.
 */
public final class Results {
    public static final String MANIFEST = "run-manifest.json";
    public static final String CEILING = "ceiling.json";
    public static final String STEADY = "steady.json";
    public static final String CELEBRITY = "celebrity.json";
    public static final String STRATEGIES = "strategies.json";
    public static final String FANOUT = "fanout.json";
    public static final String NOTIFICATIONS = "notifications.json";
    public static final String SIGN_IN = "signin.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Results() {}

    public static void write(Path directory, String name, Object result) throws IOException {
        Files.createDirectories(directory);
        JSON.writeValue(directory.resolve(name).toFile(), result);
    }

    public static <T> Optional<T> read(Path directory, String name, Class<T> type) throws IOException {
        Path file = directory.resolve(name);
        return Files.exists(file) ? Optional.of(JSON.readValue(file.toFile(), type)) : Optional.empty();
    }
}
