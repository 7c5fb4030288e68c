package dev.widefeed.store;

import dev.widefeed.store.CqlTables.ColumnDef;
import dev.widefeed.store.hbase.layout.Column;
import dev.widefeed.store.hbase.layout.KeyPart;
import dev.widefeed.store.hbase.layout.RowLayout;
import dev.widefeed.store.hbase.layout.TableDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code docs/tables.md} as the machine reads it, and how it differs from the schema files. The shape: a section per
 * table, headed {@code ### cassandra: <table>} or {@code ### hbase: <table>}, whose first Markdown table is
 * {@code | column | type | key | meaning |} (one row per column, key part or cell), followed by the bullets
 * {@link #BULLETS} name. In a Cassandra section, key is {@code partition}, {@code clustering asc},
 * {@code clustering desc}, {@code static} or empty, key columns in key order. In an HBase section the row key's
 * parts come first, in order, with key {@code row key} (or {@code row key, optional}) and type as the yml's key type
 * ({@code salt(<part>)} for a salt of a part); then one row per declared cell, column {@code family:qualifier} (with
 * {@code as <name>} when its name is not its qualifier), type the value type, or {@code map<qualifier type, value
 * type>} for a dynamic one ({@code (<part> <type>, ...)} for a composite qualifier), key empty.
 */
final class TableReference {
    static final List<String> BULLETS = List.of("Holds", "Truth or copy", "Changes", "Status", "Scan");
    private static final Pattern HEADING = Pattern.compile("^### (cassandra|hbase): (\\S+)$");
    private static final Pattern ANY_HEADING = Pattern.compile("^#{1,3} .*");
    private static final String HEADER = "| column | type | key | meaning |";
    private static final Pattern SEPARATOR = Pattern.compile("^\\|(\\s*:?-+:?\\s*\\|){4}$");
    private static final Pattern BULLET = Pattern.compile("^- \\*\\*([^*]+):\\*\\* (.+)$");
    private static final Pattern CELL = Pattern.compile("^(\\w+):(\\S*?)(?: as (\\w+))?$");

    /** One row of a section's columns table, backticks removed. */
    record Row(String column, String type, String key, String meaning) {}

    /** One table's section. */
    record Section(String store, String table, List<Row> rows, Map<String, String> bullets) {}

    private final Map<String, Section> sections;
    private final List<String> malformed;

    private TableReference(Map<String, Section> sections, List<String> malformed) {
        this.sections = sections;
        this.malformed = malformed;
    }

    static TableReference parse(String markdown) {
        Map<String, Section> sections = new LinkedHashMap<>();
        List<String> malformed = new ArrayList<>();
        List<String> lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher heading = HEADING.matcher(lines.get(i));
            if (!heading.matches()) {
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !ANY_HEADING.matcher(lines.get(end)).matches()) {
                end++;
            }
            String name = heading.group(1) + ": " + heading.group(2);
            Section section = section(heading.group(1), heading.group(2), lines.subList(i + 1, end), malformed);
            if (sections.put(name, section) != null) {
                malformed.add(name + " has two sections");
            }
        }
        return new TableReference(sections, malformed);
    }

    private static Section section(String store, String table, List<String> lines, List<String> malformed) {
        String name = store + ": " + table;
        List<Row> rows = new ArrayList<>();
        int header = lines.indexOf(HEADER);
        if (header < 0
                || header + 1 >= lines.size()
                || !SEPARATOR.matcher(lines.get(header + 1)).matches()) {
            malformed.add(name + " has no columns table headed " + HEADER);
        } else {
            for (String line : lines.subList(header + 2, lines.size())) {
                if (!line.startsWith("|")) {
                    break;
                }
                List<String> cells = cells(line);
                if (cells.size() != 4) {
                    malformed.add(name + ": a row without 4 cells: " + line);
                } else {
                    rows.add(new Row(cells.get(0), cells.get(1), cells.get(2), cells.get(3)));
                }
            }
        }
        Map<String, String> bullets = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher bullet = BULLET.matcher(line);
            if (bullet.matches()) {
                bullets.put(bullet.group(1), bullet.group(2));
            }
        }
        for (String required : BULLETS) {
            if (!bullets.containsKey(required)) {
                malformed.add(name + " lacks the bullet - **" + required + ":** ...");
            }
        }
        String status = bullets.getOrDefault("Status", "");
        if (!status.startsWith("live") && !status.startsWith("retired")) {
            malformed.add(name + ": Status says neither live nor retired: " + status);
        }
        return new Section(store, table, rows, bullets);
    }

    /** The cells of a table row: split at pipes not escaped, stripped, backticks removed. */
    private static List<String> cells(String line) {
        String inner = line.strip();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("(?<!\\\\)\\|", -1)) {
            cells.add(cell.strip().replace("`", "").replace("\\|", "|"));
        }
        return cells;
    }

    Map<String, Section> sections() {
        return sections;
    }

    /** Every way the reference differs from the schemas, one line each; empty when it describes them exactly. */
    List<String> differences(Map<String, CqlTables.Table> cassandra, Map<String, TableDefinition> hbase) {
        List<String> differences = new ArrayList<>(malformed);
        for (CqlTables.Table table : cassandra.values()) {
            Section section = sections.get("cassandra: " + table.name());
            if (section == null) {
                differences.add("cassandra: " + table.name() + " is in schema-cql/ but has no section");
            } else {
                differences.addAll(cassandra(table, section));
            }
        }
        for (TableDefinition table : hbase.values()) {
            Section section = sections.get("hbase: " + table.name());
            if (section == null) {
                differences.add("hbase: " + table.name() + " is in hbase-tables/ but has no section");
            } else {
                differences.addAll(hbase(table, section));
            }
        }
        for (Section section : sections.values()) {
            boolean exists = section.store().equals("cassandra")
                    ? cassandra.containsKey(section.table())
                    : hbase.containsKey(section.table());
            if (!exists) {
                differences.add(section.store() + ": " + section.table() + " has a section but no such table exists");
            }
        }
        return differences;
    }

    private static List<String> cassandra(CqlTables.Table table, Section section) {
        String name = "cassandra: " + table.name();
        List<String> differences = new ArrayList<>();
        Map<String, Row> documented = new LinkedHashMap<>();
        section.rows().forEach(r -> documented.put(r.column(), r));
        for (ColumnDef column : table.columns().values()) {
            Row row = documented.get(column.name());
            if (row == null) {
                differences.add(name + ": column " + column.name() + " (" + column.type()
                        + ") is in the schema but not in the reference");
                continue;
            }
            if (!CqlTables.type(row.type()).equals(column.type())) {
                differences.add(name + ": column " + column.name() + " is " + column.type() + " in the schema, "
                        + row.type() + " in the reference");
            }
            if (!row.key().equals(column.role().text)) {
                differences.add(name + ": column " + column.name() + " is '" + column.role().text
                        + "' in the schema's key, '" + row.key() + "' in the reference");
            }
        }
        for (Row row : section.rows()) {
            if (!table.columns().containsKey(row.column())) {
                differences.add(name + ": the reference lists column " + row.column() + ", which the schema lacks");
            }
        }
        List<String> schemaKey = table.key().stream().map(ColumnDef::name).toList();
        List<String> referenceKey = section.rows().stream()
                .filter(r -> isKeyRole(r.key()))
                .map(Row::column)
                .toList();
        if (differences.isEmpty() && !schemaKey.equals(referenceKey)) {
            differences.add(
                    name + ": the key is " + schemaKey + " in the schema, " + referenceKey + " in the reference");
        }
        return differences;
    }

    private static boolean isKeyRole(String key) {
        return key.equals("partition") || key.startsWith("clustering");
    }

    private static List<String> hbase(TableDefinition table, Section section) {
        String name = "hbase: " + table.name();
        List<String> differences = new ArrayList<>();
        RowLayout layout;
        try {
            layout = RowLayout.of(table);
        } catch (IllegalArgumentException e) {
            return List.of(name + ": " + e.getMessage());
        }
        List<String> declaredKey =
                layout.keyParts().stream().map(TableReference::keyRow).toList();
        List<String> documentedKey = section.rows().stream()
                .filter(r -> r.key().startsWith("row key"))
                .map(r -> r.column() + " " + r.type() + (r.key().equals("row key, optional") ? " optional" : ""))
                .toList();
        if (!declaredKey.equals(documentedKey)) {
            differences.add(name + ": the row key is " + declaredKey + " in hbase-tables/, " + documentedKey
                    + " in the reference");
        }
        Set<String> declaredCells =
                layout.columns().stream().map(TableReference::cellRow).collect(Collectors.toCollection(TreeSet::new));
        Set<String> documentedCells = new TreeSet<>();
        for (Row row : section.rows()) {
            if (row.key().startsWith("row key")) {
                continue;
            }
            if (!row.key().isEmpty()) {
                differences.add(name + ": " + row.column() + " has key '" + row.key() + "'; a cell's is empty");
            }
            Matcher cell = CELL.matcher(row.column());
            if (!cell.matches()) {
                differences.add(name + ": " + row.column() + " is no family:qualifier");
                continue;
            }
            String cellName = cell.group(3) != null ? cell.group(3) : cell.group(2);
            documentedCells.add(cell.group(1) + ":" + cell.group(2) + " " + row.type() + " as " + cellName);
        }
        for (String declared : declaredCells) {
            if (!documentedCells.contains(declared)) {
                differences.add(name + ": cell " + declared + " is declared in hbase-tables/ but not in the reference");
            }
        }
        for (String documented : documentedCells) {
            if (!declaredCells.contains(documented)) {
                differences.add(
                        name + ": the reference lists cell " + documented + ", which hbase-tables/ does not declare");
            }
        }
        return differences;
    }

    private static String keyRow(KeyPart part) {
        String type = part.of() != null
                ? part.type().yamlName() + "(" + part.of() + ")"
                : part.type().yamlName();
        return part.name() + " " + type + (part.optional() ? " optional" : "");
    }

    /** A declared cell as the reference writes it: family:qualifier, type, and the name readers see. */
    static String cellRow(Column column) {
        return column.family() + ":" + column.qualifier() + " " + cellType(column) + " as " + column.name();
    }

    static String cellType(Column column) {
        if (!column.dynamic()) {
            return column.type().yamlName();
        }
        String qualifier = column.qualifierParts().isEmpty()
                ? column.qualifierType().yamlName()
                : column.qualifierParts().stream()
                        .map(p -> p.name() + " " + p.type().yamlName())
                        .collect(Collectors.joining(", ", "(", ")"));
        return "map<" + qualifier + ", " + column.type().yamlName() + ">";
    }
}
