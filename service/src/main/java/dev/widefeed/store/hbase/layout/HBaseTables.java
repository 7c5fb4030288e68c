package dev.widefeed.store.hbase.layout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.widefeed.store.SchemaFiles;
import dev.widefeed.store.SchemaFiles.SchemaFile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The declared HBase tables: every {@code hbase-tables/V*.yml} file in version order, and the
 * current definition of each table (a later file's definition of a table replaces an earlier one).
 * The one source of truth for table settings and salt buckets, for the schema applier and the stores.
 */
public record HBaseTables(List<TablesFile> files, Map<String, TableDefinition> tables) {
    public static final String FOLDER = "hbase-tables";

    /** One file: its version (as named and as declared inside, which must agree) and its tables. */
    public record TablesFile(int version, String name, List<TableDefinition> tables) {
        public TablesFile {
            tables = List.copyOf(tables);
        }
    }

    /** What a file holds. */
    private record Content(int version, List<TableDefinition> tables) {}

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public HBaseTables {
        files = List.copyOf(files);
        tables = Map.copyOf(tables);
    }

    /** Reads and checks the files on the classpath; fails on any unknown or invalid setting. */
    public static HBaseTables load() {
        return of(SchemaFiles.load(FOLDER, "yml"));
    }

    public static HBaseTables of(List<SchemaFile> schemaFiles) {
        List<TablesFile> files = schemaFiles.stream().map(HBaseTables::parse).toList();
        Map<String, TableDefinition> current = new LinkedHashMap<>();
        for (TablesFile file : files) {
            file.tables().forEach(t -> current.put(t.name(), t));
        }
        return new HBaseTables(files, current);
    }

    public TableDefinition table(String name) {
        TableDefinition table = tables.get(name);
        if (table == null) {
            throw new IllegalArgumentException("no table " + name + " is declared in " + FOLDER + "/");
        }
        return table;
    }

    public int latestVersion() {
        return files.isEmpty() ? 0 : files.get(files.size() - 1).version();
    }

    private static TablesFile parse(SchemaFile file) {
        Content parsed;
        try {
            parsed = YAML.readValue(file.text(), Content.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(FOLDER + "/" + file.name() + " is invalid: " + e.getOriginalMessage(), e);
        }
        if (parsed.version() != file.version()) {
            throw new IllegalStateException(FOLDER + "/" + file.name() + " says version " + parsed.version()
                    + " but is named for version " + file.version());
        }
        if (parsed.tables() == null || parsed.tables().isEmpty()) {
            throw new IllegalStateException(FOLDER + "/" + file.name() + " declares no tables");
        }
        return new TablesFile(parsed.version(), file.name(), parsed.tables());
    }
}
