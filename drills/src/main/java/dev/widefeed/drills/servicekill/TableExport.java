package dev.widefeed.drills.servicekill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.drills.harness.ServiceRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Tables of the drill's store read whole through the service jar's {@code export} command (docs/data.md, "Exporting
 * tables"), as JSON Lines: the way to look at a hundred thousand home timelines without a hundred thousand tokens.
 * Both backends export a table's key parts and cells under the column names docs/tables.md gives; only the types
 * of a few differ (a Cassandra timestamp is ISO-8601 text, an HBase one epoch milliseconds), which the readers
 * here take either way.
 */
final class TableExport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path directory;

    private TableExport(Path directory) {
        this.directory = directory;
    }

    /** Exports {@code tables} into {@code out}, which must be new (an export refuses a directory holding another). */
    static TableExport of(ServiceRun service, Path out, String... tables) throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of("--out", out.toString(), "--format", "jsonl", "--rate", "0"));
        for (String table : tables) {
            arguments.add("--table");
            arguments.add(table);
        }
        service.command(Duration.ofMinutes(20), "export", arguments.toArray(String[]::new));
        return new TableExport(out);
    }

    /** An export already written into {@code directory}. */
    static TableExport at(Path directory) {
        return new TableExport(directory);
    }

    /** Every row of {@code table}, in no particular order. */
    void rows(String table, Consumer<JsonNode> row) throws IOException {
        List<Path> parts;
        try (Stream<Path> files = Files.list(directory.resolve(table))) {
            parts = files.filter(f -> f.getFileName().toString().endsWith(".jsonl"))
                    .sorted()
                    .toList();
        }
        for (Path part : parts) {
            try (BufferedReader reader = Files.newBufferedReader(part)) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    if (!line.isBlank()) {
                        row.accept(JSON.readTree(line));
                    }
                }
            }
        }
    }

    /** A bigint column, a JSON number or text; -1 when absent or null. */
    static long id(JsonNode row, String column) {
        JsonNode value = row.get(column);
        return value == null || value.isNull()
                ? -1
                : value.isNumber() ? value.asLong() : Long.parseLong(value.asText());
    }

    /** A timestamp column: ISO-8601 text (Cassandra) or epoch milliseconds (HBase); null when absent. */
    static Instant time(JsonNode row, String column) {
        JsonNode value = row.get(column);
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isNumber()) {
            return Instant.ofEpochMilli(value.asLong());
        }
        String text = value.asText();
        return text.chars().allMatch(Character::isDigit)
                ? Instant.ofEpochMilli(Long.parseLong(text))
                : Instant.parse(text);
    }
}
